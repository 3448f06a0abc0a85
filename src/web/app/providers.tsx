import { QueryClientProvider } from "@tanstack/react-query";
import { AttemptAnalysisProvider } from "@web/components/exam/attempt-analysis-slot.tsx";
import { createQueryClient } from "@web/lib/query-client.ts";
import { LanguageSync } from "@web/lib/use-ui-language.ts";
import { lazy, type ReactNode, useState } from "react";
import { Toaster } from "sonner";
import { TOAST_DURATION_MS } from "../../shared/constants.ts";

// The result pages' Analysis part with its charts: a chunk of its own, loaded on those pages only.
const AttemptAnalysis = lazy(async () => ({
  default: (await import("../features/analysis/components/attempt-analysis.tsx")).AttemptAnalysis,
}));

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageSync />
      <AttemptAnalysisProvider value={AttemptAnalysis}>{children}</AttemptAnalysisProvider>
      <Toaster
        position="top-center"
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        richColors
        closeButton
      />
    </QueryClientProvider>
  );
}

import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { AttemptAnalysisProvider } from "@web/components/exam/attempt-analysis-slot.tsx";
import { useHeaderHeight } from "@web/lib/header-height.ts";
import { LanguageSync } from "@web/lib/use-ui-language.ts";
import { lazy, type ReactNode } from "react";
import { Toaster } from "sonner";
import { TOAST_DURATION_MS } from "../../shared/constants.ts";

// The result pages' Analysis part with its charts: a chunk of its own, loaded on those pages only.
const AttemptAnalysis = lazy(async () => ({
  default: (await import("../features/analysis/components/attempt-analysis.tsx")).AttemptAnalysis,
}));

/**
 * Toasts open just below the sticky header (its height is published by site-header.tsx; 3.5rem is
 * the attempt bar's, which replaces the header during an attempt), so they never cover the
 * header's controls: Logout, the language switch, an attempt's Exit and timer.
 */
export function toastOffset(headerHeight: number | null) {
  return { top: `calc(${headerHeight === null ? "3.5rem" : `${headerHeight}px`} + 0.5rem)` };
}

/** Spec: one toast at a time, 5 s unless told; below the header. */
export function AppToaster() {
  const offset = toastOffset(useHeaderHeight());
  return (
    <Toaster
      position="top-center"
      offset={offset}
      mobileOffset={offset}
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
    />
  );
}

/** The app's providers around `children`, on the query client the router's loaders fill too. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageSync />
      <AttemptAnalysisProvider value={AttemptAnalysis}>{children}</AttemptAnalysisProvider>
      <AppToaster />
    </QueryClientProvider>
  );
}

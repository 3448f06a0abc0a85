import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "@web/lib/query-client.ts";
import { type ReactNode, useState } from "react";
import { Toaster } from "sonner";
import { TOAST_DURATION_MS } from "../../shared/constants.ts";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
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

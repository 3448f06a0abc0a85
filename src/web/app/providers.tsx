import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { AttemptAnalysisProvider } from "@web/components/exam/attempt-analysis-slot.tsx";
import { useHeaderHeight } from "@web/lib/header-height.ts";
import { loadSonner, toasterStore } from "@web/lib/toast.ts";
import { LanguageSync } from "@web/lib/use-ui-language.ts";
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from "react";
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

// sonner's toaster: loaded when the page is idle or at the first toast (web/lib/toast.ts).
const Toaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

/** Asks for the toaster once the page is idle after start-up (at most 5 s after it). */
function useToasterWhenIdle() {
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(() => toasterStore.want(), { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => toasterStore.want(), 2000);
    return () => window.clearTimeout(id);
  }, []);
}

/** Spec: one toast at a time, 5 s unless told; below the header. */
export function AppToaster() {
  const offset = toastOffset(useHeaderHeight());
  const wanted = useSyncExternalStore(toasterStore.subscribe, toasterStore.wanted, () => false);
  useToasterWhenIdle();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        offset={offset}
        mobileOffset={offset}
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        richColors
        closeButton
      />
    </Suspense>
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

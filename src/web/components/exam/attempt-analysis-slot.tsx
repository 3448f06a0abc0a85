import { LoadingState } from "@web/components/ui/states.tsx";
import { type ComponentType, createContext, Suspense, useContext } from "react";

type AnalysisComponent = ComponentType<{ attemptId: string }>;

const AnalysisContext = createContext<AnalysisComponent | null>(null);

/**
 * Where a completed attempt's result page shows the Analysis part (decision 037). The page's
 * feature (exams) may not import the analysis feature, so the app provides the component
 * (`app/providers.tsx`, a lazy chunk with the charts) and the page renders this slot: one line.
 * Without a provider (component tests of the page) it renders nothing.
 */
export const AttemptAnalysisProvider = AnalysisContext.Provider;

export function AttemptAnalysisSlot({ attemptId }: { attemptId: string }) {
  const Analysis = useContext(AnalysisContext);
  if (!Analysis) return null;
  return (
    <Suspense fallback={<LoadingState label="Loading analysis..." />}>
      <Analysis attemptId={attemptId} />
    </Suspense>
  );
}

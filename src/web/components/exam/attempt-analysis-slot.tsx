import { type ComponentType, createContext, Suspense, useContext } from "react";
import { useTranslation } from "react-i18next";

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
  const { t } = useTranslation();
  const Analysis = useContext(AnalysisContext);
  if (!Analysis) return null;
  return (
    // A plain line, not LoadingState: this file is in the main chunk (the app provides the slot),
    // and the states kit is not.
    <Suspense
      fallback={
        <p role="status" className="p-4 text-center text-sm text-muted-foreground">
          {t("Loading analysis...")}
        </p>
      }
    >
      <Analysis attemptId={attemptId} />
    </Suspense>
  );
}

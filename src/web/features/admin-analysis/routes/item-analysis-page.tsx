import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { ContentKind } from "../../../../shared/attempt-kinds.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import { ITEM_ANALYSIS_TITLE } from "../../../../shared/item-analysis.ts";
import { useItemAnalysis } from "../api/item-analysis.ts";
import { AnalysisTable } from "../components/analysis-table.tsx";
import { RegradeButton } from "../components/regrade-button.tsx";

const BACK: Record<ContentKind, { to: string; label: string }> = {
  exam: { to: "/admin/exams", label: msg("Back to Manage Exams") },
  quiz: { to: "/admin/quizzes", label: msg("Back to Manage Quizzes") },
};

/**
 * "Question Analysis" of an exam or a quiz (decision 036): per question the facility index, the
 * discrimination index, the choices of each option, the average time and the "Check the key"
 * flag, with a link to edit the question and the Regrade button.
 */
export function ItemAnalysisPage({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = (kind === "exam" ? params.examId : params.quizId) ?? "";
  const analysis = useItemAnalysis(kind, id);
  const back = BACK[kind];
  const target = kind === "exam" ? "examId" : "quizId";
  return (
    <div className="mx-auto grid max-w-7xl gap-4 px-4 py-6">
      <PageHeader
        title={t(ITEM_ANALYSIS_TITLE)}
        description={analysis.data?.title}
        backTo={back.to}
        backLabel={t(back.label)}
        actions={<RegradeButton kind={kind} id={id} />}
      />
      <QueryContent
        query={analysis}
        loadingLabel={t("Loading analysis...")}
        errorTitle={t("Failed to load the analysis")}
        isEmpty={(data) => data.questions.length === 0}
        empty={
          <Card>
            <CardContent className="py-8 text-center text-muted-foreground">
              {t("No questions yet.")}
            </CardContent>
          </Card>
        }
      >
        {(data) => (
          <>
            <p className="text-sm text-muted-foreground">
              {data.rankedAttempts === 1
                ? t("1 ranked attempt (each student's first completed attempt).")
                : t("{{n}} ranked attempts (each student's first completed attempt).", {
                    n: data.rankedAttempts,
                  })}{" "}
              {t(
                "Facility: the share who answered correctly. Discrimination: the top 27% of scorers against the bottom 27% (−1 to 1).",
              )}
            </p>
            <AnalysisTable
              questions={data.questions}
              editPath={() => `/admin/questions?${target}=${id}`}
            />
          </>
        )}
      </QueryContent>
    </div>
  );
}

export function ExamAnalysisPage() {
  return <ItemAnalysisPage kind="exam" />;
}

export function QuizAnalysisPage() {
  return <ItemAnalysisPage kind="quiz" />;
}

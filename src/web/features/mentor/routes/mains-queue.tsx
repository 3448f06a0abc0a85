import { PageHeader } from "@web/components/layout/page-header.tsx";
import { PageSection } from "@web/components/layout/page-section.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { useTranslation } from "react-i18next";
import { useMainsHeld, useMainsQueue } from "../api/mains-queue.ts";
import { MainsHeldWork } from "../components/mains-held-work.tsx";
import { MainsQueueTests } from "../components/mains-queue-tests.tsx";

/**
 * /mentor/mains, "Mains tests" (decision 063): the booklets and questions this mentor holds, and
 * the tests with marking waiting, with a claim per round.
 */
export function MainsQueuePage() {
  const { t } = useTranslation();
  const held = useMainsHeld();
  const queue = useMainsQueue();
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-6">
      <PageHeader
        title={t("Mains tests")}
        description={t(
          "Claim a booklet or a question's answers, mark each against the rubric and submit.",
        )}
      />
      <PageSection title={t("My marking")}>
        <QueryContent
          query={held}
          loadingLabel={t("Loading your work...")}
          errorTitle={t("Error loading your work")}
          isEmpty={(data) => data.groups.length === 0}
          empty={
            <EmptyState
              title={t("You hold no answers.")}
              description={t("Claim a booklet or answers from a test below.")}
            />
          }
        >
          {(data) => <MainsHeldWork groups={data.groups} />}
        </QueryContent>
      </PageSection>
      <PageSection title={t("Waiting to be marked")}>
        <QueryContent
          query={queue}
          loadingLabel={t("Loading the Mains tests...")}
          errorTitle={t("Error loading the Mains tests")}
          isEmpty={(data) => data.tests.length === 0}
          empty={
            <EmptyState
              title={t("Nothing is waiting to be marked.")}
              description={t("Submitted booklets appear here, the oldest first.")}
            />
          }
        >
          {(data) => <MainsQueueTests tests={data.tests} countCap={data.countCap} />}
        </QueryContent>
      </PageSection>
    </div>
  );
}

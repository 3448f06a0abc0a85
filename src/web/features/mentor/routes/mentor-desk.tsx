import { PageHeader } from "@web/components/layout/page-header.tsx";
import { PageSection } from "@web/components/layout/page-section.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { FilePenLine } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMentorDesk, useMentorSettings } from "../api/desk.ts";
import { FollowUps, HeldCopies, RecentEvaluations } from "../components/desk-sections.tsx";
import { QueueSection } from "../components/queue-section.tsx";

/**
 * /mentor, the mentor's workspace (decision 042): the copies they hold, students' follow-up
 * questions, the queue to claim from, and their latest evaluations; and the Mains questions
 * screen when admins let mentors publish.
 */
export function MentorDeskPage() {
  const { t } = useTranslation();
  const desk = useMentorDesk();
  const settings = useMentorSettings();
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-6">
      <PageHeader
        title={t("Evaluations")}
        description={t("Claim a copy, annotate it, score it against the rubric and publish.")}
        actions={
          settings.data?.mentorsMayPublishQuestions ? (
            <Button asChild variant="outline">
              <Link to="/mentor/questions">
                <FilePenLine aria-hidden="true" /> {t("Mains questions")}
              </Link>
            </Button>
          ) : undefined
        }
      />
      <QueryContent
        query={desk}
        loadingLabel={t("Loading your evaluations...")}
        errorTitle={t("Error loading your evaluations")}
      >
        {(data) => (
          <>
            <PageSection title={t("My copies")} count={data.held.length}>
              <HeldCopies copies={data.held} />
            </PageSection>
            <PageSection title={t("Follow-up questions")} count={data.followUps.length}>
              <FollowUps copies={data.followUps} />
            </PageSection>
          </>
        )}
      </QueryContent>
      <PageSection title={t("Queue")}>
        <QueueSection />
      </PageSection>
      {desk.data ? (
        <PageSection title={t("Recently evaluated")}>
          <RecentEvaluations copies={desk.data.recent} />
        </PageSection>
      ) : null}
    </div>
  );
}

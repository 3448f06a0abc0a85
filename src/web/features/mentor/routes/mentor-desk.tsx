import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { FilePenLine } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMentorDesk, useMentorSettings } from "../api/desk.ts";
import { FollowUps, HeldCopies, RecentEvaluations } from "../components/desk-sections.tsx";
import { QueueSection } from "../components/queue-section.tsx";

function Section(props: { title: string; count?: number; children: ReactNode }) {
  return (
    <section className="grid gap-3" aria-label={props.title}>
      <h2 className="text-lg font-semibold">
        {props.title}
        {props.count ? (
          <span className="ml-2 text-base font-normal text-muted-foreground">({props.count})</span>
        ) : null}
      </h2>
      {props.children}
    </section>
  );
}

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
            <Section title={t("My copies")} count={data.held.length}>
              <HeldCopies copies={data.held} />
            </Section>
            <Section title={t("Follow-up questions")} count={data.followUps.length}>
              <FollowUps copies={data.followUps} />
            </Section>
          </>
        )}
      </QueryContent>
      <Section title={t("Queue")}>
        <QueueSection />
      </Section>
      {desk.data ? (
        <Section title={t("Recently evaluated")}>
          <RecentEvaluations copies={desk.data.recent} />
        </Section>
      ) : null}
    </div>
  );
}

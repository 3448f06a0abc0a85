import { LocalText } from "@web/components/local-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { usePickText } from "@web/lib/content-language.ts";
import { formatExtraTime } from "@web/lib/extra-time.ts";
import { formatDateTime, formatInProgress } from "@web/lib/format.ts";
import { i18n } from "@web/lib/i18n.ts";
import { Accessibility, CalendarPlus, Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MAINS_PAPER_LABELS } from "../../../../shared/mains-papers.ts";
import { MAINS_TEST_MESSAGES } from "../../../../shared/mains-test-messages.ts";
import { useBooklet } from "../api/mains-booklet.ts";
import type { MainsOverview } from "../api/mains-tests.ts";
import type { PageContext, StartActions } from "../kinds/kind.ts";

type Mains = MainsOverview["mains"];

/** What the paper asks: every question, or a number from each section. */
function choiceText(mains: Mains) {
  if (!mains.sectionChoose) return i18n.t("Answer every question");
  if (mains.sectionChoose.every((n) => n === 1)) {
    return i18n.t("Answer one question in each of the {{sections}} sections", {
      sections: mains.sectionChoose.length,
    });
  }
  return mains.sectionChoose
    .map((n, i) => i18n.t("Section {{section}}: answer {{number}}", { section: i + 1, number: n }))
    .join("; ");
}

/**
 * A Mains test's start screen (decision 063), read only like every kind's: the paper, the writing
 * time and the upload grace, the window, the marks and the instructions, the student's extra
 * time, a premium test's note; then Start (or Resume). Before the window opens and after it
 * closes nothing can start; a test already taken says how the booklet stands.
 */
export function MainsStartScreen({
  overview,
  actions,
  back,
}: {
  overview: MainsOverview;
  actions: StartActions;
  back: { to: string; label: string };
  page: PageContext;
}) {
  const { t } = useTranslation();
  const pick = usePickText();
  const { mains, openAttempt, lastCompletedAttempt } = overview;
  // The server's time when the overview was read, moved on by the device's clock since.
  const serverNow =
    new Date(overview.serverNow).getTime() + (Date.now() - (actions.receivedAt || Date.now()));
  const notYet = serverNow < new Date(mains.opensAt).getTime();
  const closed = serverNow >= new Date(mains.closesAt).getTime();
  const instructions = mains.instructions ? pick(mains.instructions, mains.instructionsHi) : null;
  const rules: [string, string][] = [
    [t("Paper"), t(MAINS_PAPER_LABELS[mains.paper])],
    [t("Questions"), String(mains.questionCount)],
    [t("Total marks"), String(mains.totalMarks)],
    [t("Writing time"), t("{{count}} minutes", { count: mains.durationMinutes })],
    [t("Upload time after writing"), t("{{count}} minutes", { count: mains.uploadGraceMinutes })],
    [t("Opens"), formatDateTime(mains.opensAt)],
    [t("Closes"), formatDateTime(mains.closesAt)],
    [t("Choice"), choiceText(mains)],
  ];
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-6">
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{t("Mains test")}</Badge>
          {overview.isFree ? (
            <Badge variant="success">{t("Free")}</Badge>
          ) : (
            <Badge variant="warning">{t("Premium")}</Badge>
          )}
        </div>
        <LocalText
          as="h1"
          english={mains.title}
          hindi={mains.titleHi}
          className="text-2xl font-semibold"
        />
      </header>
      <section aria-labelledby="mains-rules" className="grid gap-3">
        <h2 id="mains-rules" className="text-lg font-semibold">
          {t("Test rules")}
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border border-border p-4">
          {rules.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="mains-how" className="grid gap-2">
        <h2 id="mains-how" className="text-lg font-semibold">
          {t("Before you start")}
        </h2>
        <ul className="grid list-disc gap-1 pl-5">
          <li>
            {t(
              "The clock starts when you press Start Test and keeps running, even if you leave this page.",
            )}
          </li>
          <li>{t("Write your answers on paper (or type them here) within the writing time.")}</li>
          <li>
            {t(
              "Then you have {{minutes}} minutes to photograph your pages in order (or upload one PDF), mark the page each answer starts on, and submit.",
              { minutes: mains.uploadGraceMinutes },
            )}
          </li>
          <li>{t("A booklet not submitted by then is recorded as absent.")}</li>
        </ul>
        {instructions ? (
          <div className="grid gap-1 rounded-lg border border-border bg-muted/30 p-3">
            <h3 className="font-medium">{t("Instructions")}</h3>
            <p lang={instructions.lang} className="whitespace-pre-line text-sm">
              {instructions.text}
            </p>
          </div>
        ) : null}
      </section>
      {overview.extraSeconds > 0 && !openAttempt ? (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm"
        >
          <Accessibility className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {t("You have {{time}} of extra time (accommodation).", {
              time: formatExtraTime(overview.extraSeconds),
            })}
          </span>
        </p>
      ) : null}
      {!overview.isFree ? (
        <p className="flex items-center gap-2 rounded-lg border border-border p-3 text-sm">
          <Lock className="size-4 shrink-0" aria-hidden="true" />
          <span>
            {t("This is a premium test: it needs an active plan.")}{" "}
            <Link to="/student/subscriptions" className="font-medium underline">
              {t("View Plans")}
            </Link>
          </span>
        </p>
      ) : null}
      {lastCompletedAttempt && !openAttempt ? (
        <TakenNote attemptId={lastCompletedAttempt.id} testId={mains.id} />
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {openAttempt ? (
          <>
            <Button className="h-11" onClick={actions.onStart} disabled={actions.isStarting}>
              {actions.isStarting ? t("Resuming...") : t("Resume")}
            </Button>
            <p className="text-sm text-muted-foreground">
              {formatInProgress(openAttempt.secondsLeft)}
            </p>
          </>
        ) : lastCompletedAttempt ? null : (
          <Button
            className="h-11"
            onClick={actions.onStart}
            disabled={actions.isStarting || notYet || closed}
          >
            {actions.isStarting ? t("Starting...") : t("Start Test")}
          </Button>
        )}
        <Button asChild variant="outline" className="h-11">
          <Link to={back.to}>{back.label}</Link>
        </Button>
        <Button asChild variant="ghost" className="h-11">
          <a href={`/api/mains-tests/${mains.id}/calendar.ics`} download>
            <CalendarPlus aria-hidden="true" />
            {t("Add to calendar")}
          </a>
        </Button>
      </div>
      {!openAttempt && !lastCompletedAttempt && notYet ? (
        <p className="text-sm text-muted-foreground">
          {t(MAINS_TEST_MESSAGES.notOpenYet, { time: formatDateTime(mains.opensAt) })}
        </p>
      ) : null}
      {!openAttempt && !lastCompletedAttempt && closed ? (
        <p className="text-sm text-muted-foreground">{t(MAINS_TEST_MESSAGES.closed)}</p>
      ) : null}
    </div>
  );
}

/** A test already taken: the booklet submitted (with its promised date) or recorded absent. */
function TakenNote({ attemptId, testId }: { attemptId: string; testId: string }) {
  const { t } = useTranslation();
  const booklet = useBooklet(attemptId);
  return (
    <QueryContent query={booklet} compact errorTitle={t("Could not load your booklet.")}>
      {(data) =>
        data.status === "absent" ? (
          <p className="rounded-lg border border-border bg-muted/40 p-3 text-sm">
            {t("Your booklet was not submitted in time: you are recorded absent for this test.")}
          </p>
        ) : (
          <div className="grid gap-1 rounded-lg border border-border bg-muted/40 p-3 text-sm">
            <p>
              {t("You submitted your booklet on {{date}}.", {
                date: formatDateTime(data.submittedAt),
              })}
            </p>
            {data.dueAt ? (
              <p className="font-medium">
                {t("Results promised by {{date}}", { date: formatDateTime(data.dueAt) })}
              </p>
            ) : null}
            <Link
              to={`/student/mains-tests/${testId}/result`}
              className="font-medium text-primary underline"
            >
              {t("See marks")}
            </Link>
          </div>
        )
      }
    </QueryContent>
  );
}

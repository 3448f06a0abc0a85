import { LocalText } from "@web/components/local-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { usePickText } from "@web/lib/content-language.ts";
import { focusHeading } from "@web/lib/focus-heading.ts";
import { formatDateTime } from "@web/lib/format.ts";
import { CircleCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MAINS_PAPER_LABELS } from "../../../../shared/mains-papers.ts";
import { MAINS_TEST_MESSAGES } from "../../../../shared/mains-test-messages.ts";
import type { AttemptSession } from "../api/attempts.ts";
import { type Booklet, useBooklet } from "../api/mains-booklet.ts";
import type { PageContext } from "../kinds/kind.ts";
import { clockOffsetMs } from "../lib/clock.ts";
import { BookletClock } from "./booklet-clock.tsx";
import { BookletEditor } from "./booklet-editor.tsx";
import { writingEndsAt } from "./booklet-rules.ts";
import { QuestionPaper } from "./question-paper.tsx";

const MAINS_TESTS_PATH = "/student/mains-tests";

/** A Mains attempt's session: the kind module (kinds/mains.tsx) hands only these here. */
export type MainsSession = Extract<AttemptSession, { kind: "mains" }>;

/**
 * A Mains test's session (decision 063), in place of the question runner: the paper, the clocks
 * on the server's time (writing, then the upload grace), and the one booklet (photos or a PDF
 * with the page each answer starts on, or typed answers), saved as a draft and submitted. A
 * reload comes back here through the start route, which resumes the attempt.
 */
export function BookletSession({ session }: { session: MainsSession; page: PageContext }) {
  const { t } = useTranslation();
  const { mains, attempt } = session;
  const [offsetMs] = useState(() => clockOffsetMs(session.serverNow, Date.now()));
  const booklet = useBooklet(attempt.id);
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-6">
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{t(MAINS_PAPER_LABELS[mains.paper])}</Badge>
          <span className="text-sm text-muted-foreground">
            {t("{{marks}} marks", { marks: mains.totalMarks })}
          </span>
        </div>
        <LocalText
          as="h1"
          english={mains.title}
          hindi={mains.titleHi}
          className="text-2xl font-semibold"
        />
      </header>
      <QueryContent
        query={booklet}
        loadingLabel={t("Loading your booklet...")}
        errorTitle={t("Could not load your booklet.")}
      >
        {(data) =>
          data.status === "writing" ? (
            <>
              <BookletClock
                writingEndsAt={writingEndsAt(attempt.deadlineAt, mains.uploadGraceMinutes)}
                deadlineAt={attempt.deadlineAt}
                offsetMs={offsetMs}
              />
              <Instructions english={mains.instructions} hindi={mains.instructionsHi} />
              <QuestionPaper questions={mains.questions} sectionChoose={mains.sectionChoose} />
              <BookletEditor
                key={attempt.id}
                attemptId={attempt.id}
                booklet={data}
                paper={mains.questions}
                sectionChoose={mains.sectionChoose}
                deadlineAt={attempt.deadlineAt}
                offsetMs={offsetMs}
              />
            </>
          ) : (
            <BookletDone booklet={data} />
          )
        }
      </QueryContent>
    </div>
  );
}

function Instructions(props: { english: string | null; hindi: string | null }) {
  const { t } = useTranslation();
  const pick = usePickText();
  if (!props.english && !props.hindi) return null;
  const text = pick(props.english ?? props.hindi ?? "", props.hindi);
  return (
    <details className="rounded-lg border border-border p-3">
      <summary className="cursor-pointer font-medium">{t("Instructions")}</summary>
      <p lang={text.lang} className="mt-2 whitespace-pre-line text-sm">
        {text.text}
      </p>
    </details>
  );
}

/** After the booklet: submitted with its promised results date, or recorded absent. */
function BookletDone({ booklet }: { booklet: Booklet }) {
  const { t } = useTranslation();
  const submitted = booklet.status === "submitted" || booklet.status === "evaluated";
  const heading = useRef<HTMLHeadingElement>(null);
  // The booklet's long form is gone: the reader goes to what replaced it, at the top.
  useEffect(() => {
    if (heading.current) focusHeading(heading.current);
  }, []);
  return (
    <section className="grid gap-4 rounded-lg border border-border p-5" aria-live="polite">
      {submitted ? (
        <>
          <h2 ref={heading} className="flex items-center gap-2 text-xl font-semibold">
            <CircleCheck className="size-6 text-success" aria-hidden="true" />
            {t("Booklet submitted")}
          </h2>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t("Submitted")}</dt>
            <dd className="font-medium">{formatDateTime(booklet.submittedAt)}</dd>
            <dt className="text-muted-foreground">{t("Pages")}</dt>
            <dd className="font-medium">
              {booklet.format === "typed" ? t("Typed answers") : booklet.pageCount}
            </dd>
          </dl>
          {booklet.dueAt ? (
            <p className="text-lg font-medium">
              {t("Results promised by {{date}}", { date: formatDateTime(booklet.dueAt) })}
            </p>
          ) : null}
        </>
      ) : (
        <InlineAlert className="text-base">{t(MAINS_TEST_MESSAGES.pastDeadline)}</InlineAlert>
      )}
      <Button asChild variant="outline" className="justify-self-start">
        <Link to={MAINS_TESTS_PATH}>{t("Back to Mains tests")}</Link>
      </Button>
    </section>
  );
}

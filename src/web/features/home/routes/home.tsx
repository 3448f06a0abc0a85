import { HydrateLater } from "@web/components/hydrate-later.tsx";
import { LinkTile, type Tile } from "@web/components/layout/link-tile.tsx";
import { NextLiveClass } from "@web/components/live-classes/next-live-class.tsx";
import { LocalText } from "@web/components/local-text.tsx";
import { RevisionDueCard } from "@web/components/revision/revision-due-card.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ATTEMPT_LINKS } from "@web/lib/attempt-links.ts";
import { useAuth } from "@web/lib/auth.ts";
import { cn } from "@web/lib/cn.ts";
import { useRevisionSummary } from "@web/lib/revision.ts";
import { useAppTitle } from "@web/lib/site-settings.ts";
import {
  BookOpen,
  CalendarCheck,
  ClipboardList,
  Clock,
  FileQuestion,
  FileText,
  PenLine,
  Video,
} from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { indiaToday, MOCK_TEST_CHIPS } from "../../../../shared/home.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import {
  useHomeQuizzes,
  useMockTests,
  usePreviousYearPapers,
  useResumableAttempts,
} from "../api/home-lists.ts";
import { BannerCarousel } from "../components/banner-carousel.tsx";
import { ExamHeader } from "../components/exam-header.tsx";
import { HomeList } from "../components/home-list.tsx";
import { HomePlans } from "../components/home-plans.tsx";
import { LatestNews } from "../components/latest-news.tsx";
import { ProductOffer } from "../components/product-offer.tsx";
import { SignUpInvitation } from "../components/sign-up-invitation.tsx";
import { StudyStreakBar } from "../components/study-streak-bar.tsx";
import { TodaysMainsQuestion } from "../components/todays-mains-question.tsx";

const QUICK_ACTIONS: Tile[] = [
  {
    to: "/student/answer-evaluation",
    title: msg("Answer Writing"),
    description: msg("Mains answer practice"),
    icon: PenLine,
  },
  {
    to: "/current-affairs/quizzes",
    title: msg("Daily Quiz"),
    description: msg("Today's current affairs"),
    icon: CalendarCheck,
  },
  {
    to: "/student/study-materials/notes",
    title: msg("Study Notes"),
    description: msg("Subject-wise notes"),
    icon: BookOpen,
  },
  {
    to: "/student/exams?filter=mock",
    title: msg("Mock Tests"),
    description: msg("Full-length and sectional"),
    icon: ClipboardList,
  },
  {
    to: "/live-classes",
    title: msg("Live Classes"),
    description: msg("Learn with mentors"),
    icon: Video,
  },
  {
    // The Previous-Year Question explorer.
    to: "/student/pyq",
    title: msg("PYQ Papers"),
    description: msg("Previous year questions"),
    icon: FileText,
  },
];

// The sample questions render the question markup (DOMPurify): a chunk of their own, for visitors.
// The server renders them at once (a lazy part would leave the server's HTML without them).
const SampleQuestions = import.meta.env.SSR
  ? (await import("../components/sample-questions.tsx")).SampleQuestions
  : lazy(async () => ({
      default: (await import("../components/sample-questions.tsx")).SampleQuestions,
    }));

type HomeQuiz = NonNullable<ReturnType<typeof useHomeQuizzes>["data"]>[number];

const card =
  "grid h-full content-start gap-2 rounded-lg border border-border bg-background p-4 shadow-sm hover:border-primary";

function Meta({ minutes, questions }: { minutes: number; questions: number }) {
  const { t } = useTranslation();
  return (
    <p className="flex gap-3 text-xs text-muted-foreground">
      <span className="flex items-center gap-1">
        <Clock className="size-3.5" aria-hidden="true" /> {t("{{minutes}} min", { minutes })}
      </span>
      <span className="flex items-center gap-1">
        <FileQuestion className="size-3.5" aria-hidden="true" />{" "}
        {questions === 1 ? t("1 question") : t("{{questions}} questions", { questions })}
      </span>
    </p>
  );
}

function MockTests() {
  const { t } = useTranslation();
  const [section, setSection] = useState<(typeof MOCK_TEST_CHIPS)[number]["value"]>("");
  const tests = useMockTests(section);
  return (
    <HomeList
      title={t("IAS Mock Test Series")}
      items={msg("mock tests")}
      query={tests}
      keyOf={(test) => test.id}
      action={
        <Link
          to="/student/exams?filter=series"
          className="text-sm font-medium text-primary hover:underline"
        >
          {t("View all")}
        </Link>
      }
      filters={
        <fieldset className="-mx-4 flex min-w-0 gap-2 overflow-x-auto px-4">
          <legend className="sr-only">{t("Test type")}</legend>
          {MOCK_TEST_CHIPS.map((chip) => (
            <button
              key={chip.value}
              type="button"
              aria-pressed={section === chip.value}
              onClick={() => setSection(chip.value)}
              className={cn(
                "shrink-0 rounded-full border px-3 py-1.5 text-sm font-medium",
                section === chip.value
                  ? "border-primary bg-primary text-primary-foreground"
                  : "border-border bg-background hover:bg-muted",
              )}
            >
              {t(chip.label)}
            </button>
          ))}
        </fieldset>
      }
      render={(test) => (
        <Link to={`/exam/${test.id}`} className={card}>
          <div className="flex gap-1.5">
            <Badge variant={test.isFree ? "secondary" : "warning"}>
              {test.isFree ? t("Free") : t("Premium")}
            </Badge>
            {test.kind === "series" ? <Badge variant="outline">{t("Test Series")}</Badge> : null}
          </div>
          <p className="line-clamp-2 font-semibold">{test.title}</p>
          <Meta minutes={test.durationMinutes} questions={test.numQuestions} />
        </Link>
      )}
    />
  );
}

function QuizCard({ quiz }: { quiz: HomeQuiz }) {
  const { t } = useTranslation();
  // Quizzes are published on India's calendar days.
  const isToday = quiz.publishedOn === indiaToday();
  return (
    <Link to={`/quiz/${quiz.id}/attempt`} className={card}>
      <div className="flex flex-wrap gap-1.5">
        <Badge variant={quiz.isFree ? "secondary" : "warning"}>
          {quiz.isFree ? t("Free") : t("Premium")}
        </Badge>
        {isToday ? <Badge variant="outline">{t("Today")}</Badge> : null}
        {quiz.latestScore !== null ? (
          <Badge variant="success">
            {t("Done · {{score}}/{{max}}", { score: quiz.latestScore, max: quiz.maxMarks })}
          </Badge>
        ) : null}
      </div>
      <LocalText
        as="p"
        english={quiz.title}
        hindi={quiz.titleHi}
        className="line-clamp-2 font-semibold"
      />
      <Meta minutes={quiz.durationMinutes} questions={quiz.numQuestions} />
    </Link>
  );
}

/** A signed-in student's "N due today", once their counts are in. */
function RevisionDue() {
  const summary = useRevisionSummary();
  if (!summary.data) return null;
  return <RevisionDueCard dueToday={summary.data.dueToday} total={summary.data.total} />;
}

export function HomePage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const appTitle = useAppTitle();
  const isSignedIn = auth.status === "signed-in";
  const isVisitor = auth.status === "signed-out";
  const quizzes = useHomeQuizzes();
  const papers = usePreviousYearPapers();
  const resumable = useResumableAttempts(isSignedIn);
  const inProgress = (secondsLeft: number) =>
    secondsLeft <= 0
      ? t("In progress · time is up")
      : t("In progress · {{minutes}} min left", { minutes: Math.ceil(secondsLeft / 60) });

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-5">
      <h1 className="sr-only">{t("{{appTitle}}: UPSC preparation", { appTitle })}</h1>
      <ExamHeader />
      <BannerCarousel />
      {isVisitor ? <ProductOffer /> : null}
      <section aria-labelledby="quick-actions" className="grid gap-3">
        <h2 id="quick-actions" className="sr-only">
          {t("Quick actions")}
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          {QUICK_ACTIONS.map((tile) => (
            <LinkTile
              key={tile.title}
              tile={{ ...tile, title: t(tile.title), description: t(tile.description) }}
            />
          ))}
        </div>
      </section>
      {/* Below the first screen: taken over in two later passes (HydrateLater). */}
      <HydrateLater>
        {isSignedIn ? <StudyStreakBar /> : <SignUpInvitation />}
        {isSignedIn && auth.role === "student" ? <RevisionDue /> : null}
        {isSignedIn && auth.role === "student" ? <TodaysMainsQuestion /> : null}
        <NextLiveClass />
        <HomeList
          title={t("Daily Current Affairs Quiz")}
          items={msg("quizzes")}
          query={quizzes}
          keyOf={(q) => q.id}
          action={
            <Link
              to="/current-affairs/quizzes"
              className="text-sm font-medium text-primary hover:underline"
            >
              {t("View all")}
            </Link>
          }
          render={(q) => <QuizCard quiz={q} />}
        />
        {isVisitor ? (
          <Suspense fallback={null}>
            <SampleQuestions />
          </Suspense>
        ) : null}
        <HydrateLater>
          <LatestNews />
          <HomeList
            title={t("Previous Year Question Papers")}
            items={msg("previous year papers")}
            query={papers}
            keyOf={(p) => String(p.year)}
            action={
              <Link to="/student/pyq" className="text-sm font-medium text-primary hover:underline">
                {t("Questions by topic")}
              </Link>
            }
            render={(p) => (
              <Link to={`/student/exams?filter=pyp&year=${p.year}`} className={card}>
                <p className="text-2xl font-bold text-primary">{p.year}</p>
                <p className="font-semibold">{t("UPSC Prelims {{year}}", { year: p.year })}</p>
                <p className="text-xs text-muted-foreground">
                  {p.numTests === 1 ? t("1 test") : t("{{tests}} tests", { tests: p.numTests })}
                </p>
              </Link>
            )}
          />
          <MockTests />
          {isVisitor ? <HomePlans /> : null}
          {isSignedIn ? (
            <HomeList
              title={t("Resume Your Practice")}
              items={msg("tests in progress")}
              query={resumable}
              keyOf={(a) => a.attemptId}
              render={(a) => (
                <Link to={ATTEMPT_LINKS[a.kind].path(a.targetId)} className={card}>
                  <div className="flex gap-1.5">
                    <Badge variant="default">{inProgress(a.secondsLeft)}</Badge>
                    {ATTEMPT_LINKS[a.kind].label ? (
                      <Badge variant="secondary">{t(ATTEMPT_LINKS[a.kind].label ?? "")}</Badge>
                    ) : null}
                  </div>
                  <LocalText
                    as="p"
                    english={a.title}
                    hindi={a.titleHi}
                    className="line-clamp-2 font-semibold"
                  />
                  <p className="text-xs text-muted-foreground">
                    {ATTEMPT_LINKS[a.kind].label
                      ? `${t("Attempt #{{number}}", { number: a.attemptNumber ?? 1 })} · `
                      : ""}
                    {t("{{answered}} of {{total}} answered", {
                      answered: a.answered,
                      total: a.numQuestions,
                    })}
                  </p>
                  <span className="text-sm font-medium text-primary">{t("Resume")}</span>
                </Link>
              )}
            />
          ) : (
            <section aria-labelledby="resume-title" className="grid gap-2">
              <h2 id="resume-title" className="text-lg font-semibold">
                {t("Resume Your Practice")}
              </h2>
              <p className="text-sm text-muted-foreground">
                <Link to="/login" className="font-medium text-primary hover:underline">
                  {t("Log in")}
                </Link>{" "}
                {t("to pick up your tests in progress where you left them.")}
              </p>
            </section>
          )}
          <section className="grid gap-3 rounded-xl bg-secondary p-5 sm:grid-cols-[1fr_auto] sm:items-center">
            <div className="grid gap-1">
              <h2 className="text-lg font-semibold text-secondary-foreground">
                {t("Get your Mains answers evaluated")}
              </h2>
              <p className="text-sm text-secondary-foreground/90">
                {t(
                  "Write an answer a day and get feedback on structure, content and presentation.",
                )}
              </p>
            </div>
            <Button asChild className="justify-self-start">
              <Link to="/student/answer-evaluation">
                <PenLine aria-hidden="true" />
                {t("Write an answer")}
              </Link>
            </Button>
          </section>
        </HydrateLater>
      </HydrateLater>
    </div>
  );
}

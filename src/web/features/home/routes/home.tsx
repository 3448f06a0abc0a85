import { LinkTile, type Tile } from "@web/components/layout/link-tile.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { ATTEMPT_LINKS } from "@web/lib/attempt-links.ts";
import { useAuth } from "@web/lib/auth.ts";
import { cn } from "@web/lib/cn.ts";
import { formatInProgress } from "@web/lib/format.ts";
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
import { useState } from "react";
import { Link } from "react-router";
import { MOCK_TEST_CHIPS } from "../../../../shared/home.ts";
import {
  useHomeQuizzes,
  useMockTests,
  usePreviousYearPapers,
  useResumableAttempts,
} from "../api/home-lists.ts";
import { BannerCarousel } from "../components/banner-carousel.tsx";
import { ExamHeader } from "../components/exam-header.tsx";
import { HomeList } from "../components/home-list.tsx";
import { LatestNews } from "../components/latest-news.tsx";
import { SignUpInvitation } from "../components/sign-up-invitation.tsx";
import { StudyStreakBar } from "../components/study-streak-bar.tsx";

const QUICK_ACTIONS: Tile[] = [
  {
    to: "/student/answer-evaluation",
    title: "Answer Writing",
    description: "Mains answer practice",
    icon: PenLine,
    isComingSoon: true,
  },
  {
    to: "/current-affairs/quizzes",
    title: "Daily Quiz",
    description: "Today's current affairs",
    icon: CalendarCheck,
  },
  {
    to: "/student/study-materials/notes",
    title: "Study Notes",
    description: "Subject-wise notes",
    icon: BookOpen,
    isComingSoon: true,
  },
  {
    to: "/student/exams?filter=mock",
    title: "Mock Tests",
    description: "Full-length and sectional",
    icon: ClipboardList,
  },
  {
    to: "/live-classes",
    title: "Live Classes",
    description: "Learn with mentors",
    icon: Video,
    isComingSoon: true,
  },
  {
    to: "/student/exams?filter=pyp",
    title: "PYQ Papers",
    description: "Previous year questions",
    icon: FileText,
  },
];

const card =
  "grid h-full content-start gap-2 rounded-lg border border-border bg-background p-4 shadow-sm hover:border-primary";

function Meta({ minutes, questions }: { minutes: number; questions: number }) {
  return (
    <p className="flex gap-3 text-xs text-muted-foreground">
      <span className="flex items-center gap-1">
        <Clock className="size-3.5" aria-hidden="true" /> {minutes} min
      </span>
      <span className="flex items-center gap-1">
        <FileQuestion className="size-3.5" aria-hidden="true" /> {questions} questions
      </span>
    </p>
  );
}

function MockTests() {
  const [section, setSection] = useState<(typeof MOCK_TEST_CHIPS)[number]["value"]>("");
  const tests = useMockTests(section);
  return (
    <HomeList
      title="IAS Mock Test Series"
      items="mock tests"
      query={tests}
      keyOf={(t) => t.id}
      action={
        <Link
          to="/student/exams?filter=series"
          className="text-sm font-medium text-primary hover:underline"
        >
          View all
        </Link>
      }
      filters={
        <fieldset className="-mx-4 flex min-w-0 gap-2 overflow-x-auto px-4">
          <legend className="sr-only">Test type</legend>
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
              {chip.label}
            </button>
          ))}
        </fieldset>
      }
      render={(t) => (
        <Link to={`/exam/${t.id}`} className={card}>
          <div className="flex gap-1.5">
            <Badge variant={t.isFree ? "secondary" : "warning"}>
              {t.isFree ? "Free" : "Premium"}
            </Badge>
            {t.kind === "series" ? <Badge variant="outline">Test Series</Badge> : null}
          </div>
          <p className="line-clamp-2 font-semibold">{t.title}</p>
          <Meta minutes={t.durationMinutes} questions={t.numQuestions} />
        </Link>
      )}
    />
  );
}

export function HomePage() {
  const auth = useAuth();
  const appTitle = useAppTitle();
  const isSignedIn = auth.status === "signed-in";
  const quizzes = useHomeQuizzes();
  const papers = usePreviousYearPapers();
  const resumable = useResumableAttempts(isSignedIn);

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-5">
      <h1 className="sr-only">{appTitle}: UPSC preparation</h1>
      <ExamHeader />
      <BannerCarousel />
      <section aria-labelledby="quick-actions" className="grid gap-3">
        <h2 id="quick-actions" className="sr-only">
          Quick actions
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          {QUICK_ACTIONS.map((tile) => (
            <LinkTile key={tile.title} tile={tile} />
          ))}
        </div>
      </section>
      {isSignedIn ? <StudyStreakBar /> : <SignUpInvitation />}
      <LatestNews />
      <HomeList
        title="Daily Current Affairs Quiz"
        items="quizzes"
        query={quizzes}
        keyOf={(q) => q.id}
        action={
          <Link
            to="/current-affairs/quizzes"
            className="text-sm font-medium text-primary hover:underline"
          >
            View all
          </Link>
        }
        render={(q) => (
          <Link to={`/quiz/${q.id}/attempt`} className={card}>
            <Badge variant={q.isFree ? "secondary" : "warning"} className="justify-self-start">
              {q.isFree ? "Free" : "Premium"}
            </Badge>
            <p className="line-clamp-2 font-semibold">{q.title}</p>
            <Meta minutes={q.durationMinutes} questions={q.numQuestions} />
          </Link>
        )}
      />
      <HomeList
        title="Previous Year Question Papers"
        items="previous year papers"
        query={papers}
        keyOf={(p) => String(p.year)}
        render={(p) => (
          <Link to={`/student/exams?filter=pyp&year=${p.year}`} className={card}>
            <p className="text-2xl font-bold text-primary">{p.year}</p>
            <p className="font-semibold">UPSC Prelims {p.year}</p>
            <p className="text-xs text-muted-foreground">
              {p.numTests} test{p.numTests === 1 ? "" : "s"}
            </p>
          </Link>
        )}
      />
      <MockTests />
      {isSignedIn ? (
        <HomeList
          title="Resume Your Practice"
          items="tests in progress"
          query={resumable}
          keyOf={(a) => a.attemptId}
          render={(a) => (
            <Link to={ATTEMPT_LINKS[a.kind].path(a.targetId)} className={card}>
              <div className="flex gap-1.5">
                <Badge variant="default">{formatInProgress(a.secondsLeft)}</Badge>
                {ATTEMPT_LINKS[a.kind].label ? (
                  <Badge variant="secondary">{ATTEMPT_LINKS[a.kind].label}</Badge>
                ) : null}
              </div>
              <p className="line-clamp-2 font-semibold">{a.title}</p>
              <p className="text-xs text-muted-foreground">
                {ATTEMPT_LINKS[a.kind].label ? `Attempt #${a.attemptNumber ?? 1} · ` : ""}
                {a.answered} of {a.numQuestions} answered
              </p>
              <span className="text-sm font-medium text-primary">Resume</span>
            </Link>
          )}
        />
      ) : (
        <section aria-labelledby="resume-title" className="grid gap-2">
          <h2 id="resume-title" className="text-lg font-semibold">
            Resume Your Practice
          </h2>
          <p className="text-sm text-muted-foreground">
            <Link to="/login" className="font-medium text-primary hover:underline">
              Log in
            </Link>{" "}
            to pick up your tests in progress where you left them.
          </p>
        </section>
      )}
      <section className="grid gap-3 rounded-xl bg-secondary p-5 sm:grid-cols-[1fr_auto] sm:items-center">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold text-secondary-foreground">
            Get your Mains answers evaluated
          </h2>
          <p className="text-sm text-secondary-foreground/90">
            Write an answer a day and get feedback on structure, content and presentation.
          </p>
        </div>
        <span className="justify-self-start rounded-full bg-background px-3 py-1.5 text-sm font-semibold text-secondary-foreground">
          Coming soon
        </span>
      </section>
    </div>
  );
}

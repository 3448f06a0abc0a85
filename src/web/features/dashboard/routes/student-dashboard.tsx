import { type Tile, TileSection } from "@web/components/layout/link-tile.tsx";
import { NextLiveClass } from "@web/components/live-classes/next-live-class.tsx";
import { LiveTestsSection } from "@web/components/live-tests/live-test-cards.tsx";
import { RevisionDueCard } from "@web/components/revision/revision-due-card.tsx";
import { Avatar } from "@web/components/ui/avatar.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { ErrorState } from "@web/components/ui/states.tsx";
import { useAuth } from "@web/lib/auth.ts";
import {
  BookOpen,
  CircleHelp,
  ClipboardList,
  CreditCard,
  FileText,
  Gift,
  Layers,
  LifeBuoy,
  ListChecks,
  MessageSquare,
  Newspaper,
  NotebookPen,
  PenLine,
  PlayCircle,
  Receipt,
  Shield,
  TrendingUp,
  Trophy,
  User,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import { useDashboard } from "../api/get-dashboard.ts";
import { DashboardFigures } from "../components/dashboard-figures.tsx";
import { InProgressList } from "../components/in-progress-list.tsx";

const LEARNING: Tile[] = [
  {
    to: "/student/exams",
    title: msg("Exams"),
    description: msg("Mock tests and practice papers"),
    icon: ClipboardList,
  },
  {
    to: "/student/exams?filter=series",
    title: msg("Test Series"),
    description: msg("IAS test series papers"),
    icon: Layers,
  },
  {
    to: "/current-affairs/quizzes",
    title: msg("Current Affairs"),
    description: msg("Stay on top of the news"),
    icon: Newspaper,
  },
  {
    to: "/current-affairs/quizzes",
    title: msg("Quizzes"),
    description: msg("Daily current affairs quizzes"),
    icon: ListChecks,
  },
  {
    to: "/news",
    title: msg("Daily News"),
    description: msg("Daily news analysis for Prelims and Mains"),
    icon: FileText,
  },
  {
    // Mains test series (decision 063).
    to: "/student/mains-tests",
    title: msg("Mains tests"),
    description: msg("Full-length Mains papers, marked and ranked"),
    icon: NotebookPen,
  },
  {
    // Mains answer evaluation (decision 042).
    to: "/student/answer-evaluation",
    title: msg("Answer Evaluation"),
    description: msg("Mains answers marked by mentors"),
    icon: PenLine,
  },
  {
    to: "/student/study-materials/notes",
    title: msg("Study Notes"),
    description: msg("Notes by subject"),
    icon: BookOpen,
  },
  {
    to: "/current-affairs/videos",
    title: msg("Videos"),
    description: msg("Video lessons"),
    icon: PlayCircle,
  },
];

const ACCOUNT: Tile[] = [
  {
    to: "/results",
    title: msg("My Results"),
    description: msg("Scores and reviews of your exams"),
    icon: Trophy,
  },
  {
    to: "/student/progress",
    title: msg("My Progress"),
    description: msg("Scores, accuracy by subject and study time over time"),
    icon: TrendingUp,
  },
  {
    to: "/student/profile",
    title: msg("Profile"),
    description: msg("Your details and photo"),
    icon: User,
  },
  {
    to: "/student/subscriptions",
    title: msg("Subscriptions"),
    description: msg("Plans and your current plan"),
    icon: CreditCard,
  },
  {
    to: "/student/transactions",
    title: msg("Transactions"),
    description: msg("Your payments"),
    icon: Receipt,
  },
];

const SUPPORT: Tile[] = [
  {
    to: "/faqs",
    title: msg("FAQs"),
    description: msg("Answers to common questions"),
    icon: CircleHelp,
  },
  {
    to: "/support",
    title: msg("Support"),
    description: msg("Get help from our team"),
    icon: LifeBuoy,
  },
  {
    to: "/privacy-policy",
    title: msg("Privacy Policy"),
    description: msg("How we handle your data"),
    icon: Shield,
  },
  {
    to: "/feedback",
    title: msg("Feedback"),
    description: msg("Tell us what to improve"),
    icon: MessageSquare,
  },
  {
    to: "/student/refer-earn",
    title: msg("Refer & Earn"),
    description: msg("Invite friends"),
    icon: Gift,
  },
];

/** The tiles with their words in the interface language. */
function useTiles(tiles: Tile[]): Tile[] {
  const { t } = useTranslation();
  return tiles.map((tile) => ({ ...tile, title: t(tile.title), description: t(tile.description) }));
}

/** The live figures first (one request), then anything in progress; errors say so in place. */
function LiveFigures() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  return (
    <QueryContent
      query={dashboard}
      loadingLabel={t("Loading your figures...")}
      error={(error, retry) => (
        <ErrorState
          title={t("Could not load your figures.")}
          message={error?.message}
          retryLabel={t("Try Again")}
          onRetry={retry}
        />
      )}
    >
      {(data) => (
        <>
          <DashboardFigures data={data} />
          <RevisionDueCard dueToday={data.revision.dueToday} total={data.revision.total} />
          <InProgressList attempts={data.inProgress} />
          {data.nextLiveClass ? <NextLiveClass liveClass={data.nextLiveClass} /> : null}
        </>
      )}
    </QueryContent>
  );
}

export function StudentDashboardPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const learning = useTiles(LEARNING);
  const account = useTiles(ACCOUNT);
  const support = useTiles(SUPPORT);

  if (auth.status !== "signed-in" || !auth.session.profile) {
    return (
      <p role="status" className="p-8 text-center text-muted-foreground">
        {t("Loading your dashboard...")}
      </p>
    );
  }
  const { profile } = auth.session;

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-6">
      <section className="flex flex-col gap-4 rounded-lg bg-primary p-5 text-primary-foreground sm:flex-row sm:items-center">
        <Avatar name={auth.displayName} src={profile.profilePhotoUrl} />
        <div className="grid flex-1 gap-1">
          <h1 className="text-2xl font-bold">
            {t("Welcome back, {{name}}!", { name: auth.displayName })}
          </h1>
          <p className="text-sm opacity-90">
            {t("Every question you practise today counts on exam day.")}
          </p>
        </div>
        <div className="flex gap-2">
          <Button asChild variant="secondary" size="sm">
            <Link to="/student/profile">{t("Edit Profile")}</Link>
          </Button>
        </div>
      </section>
      <LiveFigures />
      <LiveTestsSection />
      <TileSection title={t("Learning Hub")} tiles={learning} />
      <TileSection title={t("Performance & Account")} tiles={account} />
      <TileSection title={t("Support")} tiles={support} />
    </div>
  );
}

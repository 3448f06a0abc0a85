import { type Tile, TileSection } from "@web/components/layout/link-tile.tsx";
import { Avatar } from "@web/components/ui/avatar.tsx";
import { Button } from "@web/components/ui/button.tsx";
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
  PlayCircle,
  Receipt,
  Shield,
  TrendingUp,
  Trophy,
  User,
} from "lucide-react";
import { Link } from "react-router";
import { InProgressList } from "../components/in-progress-list.tsx";

const LEARNING: Tile[] = [
  {
    to: "/student/exams",
    title: "Exams",
    description: "Mock tests and practice papers",
    icon: ClipboardList,
  },
  {
    to: "/student/exams?filter=series",
    title: "Test Series",
    description: "IAS test series papers",
    icon: Layers,
  },
  {
    to: "/current-affairs/quizzes",
    title: "Current Affairs",
    description: "Stay on top of the news",
    icon: Newspaper,
  },
  {
    to: "/current-affairs/quizzes",
    title: "Quizzes",
    description: "Daily current affairs quizzes",
    icon: ListChecks,
  },
  {
    to: "/news",
    title: "Daily News",
    description: "Daily news analysis for Prelims and Mains",
    icon: FileText,
  },
  {
    to: "/student/study-materials/notes",
    title: "Study Notes",
    description: "Notes by subject",
    icon: BookOpen,
    isComingSoon: true,
  },
  {
    to: "/current-affairs/videos",
    title: "Videos",
    description: "Video lessons",
    icon: PlayCircle,
    isComingSoon: true,
  },
];

const ACCOUNT: Tile[] = [
  {
    to: "/results",
    title: "My Results",
    description: "Scores and reviews of your exams",
    icon: Trophy,
  },
  {
    to: "/student/progress",
    title: "My Progress",
    description: "Scores, accuracy by subject and study time over time",
    icon: TrendingUp,
  },
  { to: "/student/profile", title: "Profile", description: "Your details and photo", icon: User },
  {
    to: "/student/subscriptions",
    title: "Subscriptions",
    description: "Plans and your current plan",
    icon: CreditCard,
  },
  {
    to: "/student/transactions",
    title: "Transactions",
    description: "Your payments",
    icon: Receipt,
  },
];

const SUPPORT: Tile[] = [
  { to: "/faqs", title: "FAQs", description: "Answers to common questions", icon: CircleHelp },
  { to: "/support", title: "Support", description: "Get help from our team", icon: LifeBuoy },
  {
    to: "/privacy-policy",
    title: "Privacy Policy",
    description: "How we handle your data",
    icon: Shield,
  },
  {
    to: "/feedback",
    title: "Feedback",
    description: "Tell us what to improve",
    icon: MessageSquare,
  },
  {
    to: "/student/refer-earn",
    title: "Refer & Earn",
    description: "Invite friends",
    icon: Gift,
    isComingSoon: true,
  },
];

export function StudentDashboardPage() {
  const auth = useAuth();

  if (auth.status !== "signed-in" || !auth.session.profile) {
    return (
      <p role="status" className="p-8 text-center text-muted-foreground">
        Loading your dashboard...
      </p>
    );
  }
  const { profile } = auth.session;

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-6">
      <section className="flex flex-col gap-4 rounded-lg bg-primary p-5 text-primary-foreground sm:flex-row sm:items-center">
        <Avatar name={auth.displayName} src={profile.profilePhotoUrl} />
        <div className="grid flex-1 gap-1">
          <h1 className="text-2xl font-bold">Welcome back, {auth.displayName}!</h1>
          <p className="text-sm opacity-90">
            Every question you practise today counts on exam day.
          </p>
        </div>
        <div className="flex gap-2">
          <Button asChild variant="secondary" size="sm">
            <Link to="/student/profile">Edit Profile</Link>
          </Button>
        </div>
      </section>
      <InProgressList />
      <TileSection title="Learning Hub" tiles={LEARNING} />
      <TileSection title="Performance & Account" tiles={ACCOUNT} />
      <TileSection title="Support" tiles={SUPPORT} />
    </div>
  );
}

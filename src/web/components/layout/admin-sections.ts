import {
  Accessibility,
  BarChart3,
  BookOpen,
  CalendarCheck,
  ClipboardCheck,
  ClipboardList,
  CreditCard,
  FileQuestion,
  FileText,
  Flag,
  FolderTree,
  Gift,
  GraduationCap,
  HelpCircle,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  MessagesSquare,
  Newspaper,
  NotebookPen,
  PenLine,
  Radio,
  Scale,
  Settings,
  Tags,
  UserCheck,
  Users,
  Video,
  Wallet,
} from "lucide-react";
import { msg } from "../../../shared/i18n/msg.ts";

export type AdminSection = { to: string; title: string; description: string; icon: LucideIcon };

/** The admin area's screens: the dashboard's tiles and the section navigation use this list. */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    to: "/admin/exams",
    title: msg("Manage Exams"),
    description: msg("Create, edit and delete exams"),
    icon: ClipboardList,
  },
  {
    to: "/admin/categories",
    title: msg("Exam Categories"),
    description: msg("Organise exams by category"),
    icon: FolderTree,
  },
  {
    to: "/admin/subjects",
    title: msg("Subjects and Topics"),
    description: msg("Tag questions by subject and topic"),
    icon: Tags,
  },
  {
    to: "/admin/questions",
    title: msg("Manage Questions"),
    description: msg("Add questions or upload a CSV"),
    icon: FileQuestion,
  },
  {
    to: "/admin/quizzes",
    title: msg("Manage Quizzes"),
    description: msg("Daily current-affairs quizzes"),
    icon: CalendarCheck,
  },
  {
    to: "/admin/notes",
    title: msg("Manage Notes"),
    description: msg("Study notes and monthly compilations"),
    icon: BookOpen,
  },
  {
    to: "/admin/videos",
    title: msg("Manage Videos"),
    description: msg("Video lessons, uploaded or from YouTube and Vimeo"),
    icon: Video,
  },
  {
    to: "/admin/results",
    title: msg("Student Results"),
    description: msg("Every attempt and answer"),
    icon: BarChart3,
  },
  {
    to: "/admin/subscription-plans",
    title: msg("Subscription Plans"),
    description: msg("Prices, limits and features"),
    icon: CreditCard,
  },
  {
    to: "/admin/user-subscriptions",
    title: msg("User Subscriptions"),
    description: msg("Who is subscribed to what"),
    icon: Users,
  },
  {
    to: "/admin/referrals",
    title: msg("Referrals"),
    description: msg("Refer and earn: referrals, credits, settings"),
    icon: Gift,
  },
  {
    to: "/admin/payment-settings",
    title: msg("Payment Settings"),
    description: msg("Razorpay keys and status"),
    icon: Wallet,
  },
  // Answer evaluation (decision 042).
  {
    to: "/admin/evaluations",
    title: msg("Evaluations"),
    description: msg("Turnaround, overdue copies, rubrics"),
    icon: ClipboardCheck,
  },
  {
    to: "/admin/mentors",
    title: msg("Mentors"),
    description: msg("Add, invite and follow mentors"),
    icon: UserCheck,
  },
  {
    to: "/admin/mains-questions",
    title: msg("Mains Questions"),
    description: msg("Daily questions for answer writing"),
    icon: PenLine,
  },
  // Mains test series (decision 063).
  {
    to: "/admin/mains-tests",
    title: msg("Mains Tests"),
    description: msg("Full-length tests, papers and series"),
    icon: NotebookPen,
  },
  // Mains examiners' calibration (decision 063).
  {
    to: "/admin/mains-calibration",
    title: msg("Examiner agreement"),
    description: msg("Agreement, moderation and turnaround of Mains examiners"),
    icon: Scale,
  },
  // Extra time in tests (decision 048).
  {
    to: "/admin/accommodations",
    title: msg("Accommodations"),
    description: msg("Extra time for students with disabilities"),
    icon: Accessibility,
  },
  // Study material (decision 043).
  {
    to: "/admin/courses",
    title: msg("Courses"),
    description: msg("Build courses from existing material"),
    icon: GraduationCap,
  },
  {
    to: "/admin/live-tests",
    title: msg("Live Tests"),
    description: msg("Schedule All-India live mocks"),
    icon: Radio,
  },
  {
    to: "/admin/live-classes",
    title: msg("Live Classes"),
    description: msg("Schedule classes and add recordings"),
    icon: Video,
  },
  // Discussion under each question (decision 064).
  {
    to: "/admin/discussions",
    title: msg("Discussions"),
    description: msg("Reported posts, hidden posts and bans"),
    icon: MessagesSquare,
  },
  {
    to: "/admin/daily-news",
    title: msg("Daily News"),
    description: msg("Write the daily news analysis"),
    icon: Newspaper,
  },
  // Students' error reports in questions (decision 064).
  {
    to: "/admin/question-reports",
    title: msg("Question reports"),
    description: msg("Errors students reported, by question"),
    icon: Flag,
  },
  {
    to: "/admin/support",
    title: msg("Support Requests"),
    description: msg("Answer students' requests"),
    icon: LifeBuoy,
  },
  {
    to: "/admin/legal-pages",
    title: msg("Legal Pages"),
    description: msg("Terms, refunds, privacy, about, contact"),
    icon: FileText,
  },
  {
    to: "/admin/faqs",
    title: msg("FAQs"),
    description: msg("Questions on the FAQ page"),
    icon: HelpCircle,
  },
  {
    to: "/admin/settings",
    title: msg("Site Settings"),
    description: msg("Title, contact email, maintenance"),
    icon: Settings,
  },
];

export const ADMIN_HOME: AdminSection = {
  to: "/admin/dashboard",
  title: msg("Dashboard"),
  description: msg("Overview"),
  icon: LayoutDashboard,
};

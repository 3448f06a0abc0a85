import {
  BarChart3,
  CalendarCheck,
  ClipboardList,
  CreditCard,
  FileQuestion,
  FolderTree,
  LayoutDashboard,
  type LucideIcon,
  Newspaper,
  Settings,
  Tags,
  Users,
  Wallet,
} from "lucide-react";

export type AdminSection = { to: string; title: string; description: string; icon: LucideIcon };

/** The admin area's screens: the dashboard's tiles and the section navigation use this list. */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    to: "/admin/exams",
    title: "Manage Exams",
    description: "Create, edit and delete exams",
    icon: ClipboardList,
  },
  {
    to: "/admin/categories",
    title: "Exam Categories",
    description: "Organise exams by category",
    icon: FolderTree,
  },
  {
    to: "/admin/subjects",
    title: "Subjects and Topics",
    description: "Tag questions by subject and topic",
    icon: Tags,
  },
  {
    to: "/admin/questions",
    title: "Manage Questions",
    description: "Add questions or upload a CSV",
    icon: FileQuestion,
  },
  {
    to: "/admin/quizzes",
    title: "Manage Quizzes",
    description: "Daily current-affairs quizzes",
    icon: CalendarCheck,
  },
  {
    to: "/admin/results",
    title: "Student Results",
    description: "Every attempt and answer",
    icon: BarChart3,
  },
  {
    to: "/admin/subscription-plans",
    title: "Subscription Plans",
    description: "Prices, limits and features",
    icon: CreditCard,
  },
  {
    to: "/admin/user-subscriptions",
    title: "User Subscriptions",
    description: "Who is subscribed to what",
    icon: Users,
  },
  {
    to: "/admin/payment-settings",
    title: "Payment Settings",
    description: "Razorpay keys and status",
    icon: Wallet,
  },
  {
    to: "/admin/daily-news",
    title: "Daily News",
    description: "Write the daily news analysis",
    icon: Newspaper,
  },
  {
    to: "/admin/settings",
    title: "Site Settings",
    description: "Title, contact email, maintenance",
    icon: Settings,
  },
];

export const ADMIN_HOME: AdminSection = {
  to: "/admin/dashboard",
  title: "Dashboard",
  description: "Overview",
  icon: LayoutDashboard,
};

import { type Tile, TileSection } from "@web/components/layout/link-tile.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { useAuth, useSignOut } from "@web/lib/auth.ts";
import { useAdminOverview } from "../api/get-overview.ts";

function OverviewStrip() {
  const overview = useAdminOverview();
  if (!overview.data) return null;
  const stats = [
    { label: "Students", value: overview.data.students },
    { label: "Exams", value: overview.data.exams },
    { label: "Questions", value: overview.data.questions },
    { label: "Completed attempts", value: overview.data.completedAttempts },
    { label: "News entries", value: overview.data.newsEntries },
    { label: "Active subscribers", value: overview.data.activeSubscribers },
  ];
  const revenue =
    overview.data.revenueThisMonth
      .map(
        (r) =>
          `${r.currency === "INR" ? "₹" : `${r.currency} `}${r.amount.toLocaleString("en-IN")}`,
      )
      .join(" + ") || "₹0";
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      {stats.map((s) => (
        <div key={s.label} className="rounded-lg border border-border bg-background p-3">
          <dt className="text-xs text-muted-foreground">{s.label}</dt>
          <dd className="text-2xl font-bold">{s.value.toLocaleString("en-IN")}</dd>
        </div>
      ))}
      <div className="rounded-lg border border-border bg-background p-3">
        <dt className="text-xs text-muted-foreground">Revenue this month</dt>
        <dd className="text-2xl font-bold">{revenue}</dd>
      </div>
    </dl>
  );
}

import {
  BarChart3,
  ClipboardList,
  CreditCard,
  FileQuestion,
  FolderTree,
  Newspaper,
  Settings,
  Users,
  Wallet,
} from "lucide-react";
import { useNavigate } from "react-router";

const TILES: Tile[] = [
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
    to: "/admin/questions",
    title: "Manage Questions",
    description: "Add questions or upload a CSV",
    icon: FileQuestion,
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

export function AdminDashboardPage() {
  const auth = useAuth();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const fullName =
    (auth.status === "signed-in" && auth.session.profile?.fullName?.trim()) || "Admin";

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Admin Dashboard</h1>
          <p className="text-muted-foreground">Signed in as {fullName}</p>
        </div>
        <Button
          variant="outline"
          onClick={async () => {
            await signOut();
            navigate("/login", { replace: true });
          }}
        >
          Logout
        </Button>
      </div>
      <OverviewStrip />
      <TileSection title="Manage" tiles={TILES} />
    </div>
  );
}

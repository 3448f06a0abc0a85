import { ADMIN_SECTIONS } from "@web/components/layout/admin-sections.ts";
import { TileSection } from "@web/components/layout/link-tile.tsx";
import { useAuth } from "@web/lib/auth.ts";
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

export function AdminDashboardPage() {
  const auth = useAuth();
  const fullName =
    (auth.status === "signed-in" && auth.session.profile?.fullName?.trim()) || "Admin";

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Admin Dashboard</h1>
          <p className="text-muted-foreground">Signed in as {fullName}</p>
        </div>
      </div>
      <OverviewStrip />
      <TileSection title="Manage" tiles={ADMIN_SECTIONS} />
    </div>
  );
}

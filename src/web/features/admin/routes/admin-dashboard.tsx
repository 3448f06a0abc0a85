import { ADMIN_SECTIONS } from "@web/components/layout/admin-sections.ts";
import { TileSection } from "@web/components/layout/link-tile.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { useAuth } from "@web/lib/auth.ts";
import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAdminOverview } from "../api/get-overview.ts";
import { SetupChecklist } from "../components/setup-checklist.tsx";

/** Counts and money in Indian grouping (1,23,456) in either language. */
const INDIAN_NUMBERS = "en-IN";

function OverviewStrip() {
  const { t } = useTranslation();
  const overview = useAdminOverview();
  if (!overview.data) return null;
  const stats = [
    { label: t("Students"), value: overview.data.students },
    { label: t("Exams"), value: overview.data.exams },
    { label: t("Questions"), value: overview.data.questions },
    { label: t("Completed attempts"), value: overview.data.completedAttempts },
    { label: t("News entries"), value: overview.data.newsEntries },
    { label: t("Active subscribers"), value: overview.data.activeSubscribers },
  ];
  const revenue =
    overview.data.revenueThisMonth
      .map(
        (r) =>
          `${r.currency === "INR" ? "₹" : `${r.currency} `}${r.amount.toLocaleString(INDIAN_NUMBERS)}`,
      )
      .join(" + ") || "₹0";
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      {stats.map((s) => (
        <div key={s.label} className="rounded-lg border border-border bg-background p-3">
          <dt className="text-xs text-muted-foreground">{s.label}</dt>
          <dd className="text-2xl font-bold">{s.value.toLocaleString(INDIAN_NUMBERS)}</dd>
        </div>
      ))}
      <div className="rounded-lg border border-border bg-background p-3">
        <dt className="text-xs text-muted-foreground">{t("Revenue this month")}</dt>
        <dd className="text-2xl font-bold">{revenue}</dd>
      </div>
    </dl>
  );
}

/** Shown until the admin turns on two-factor sign-in (decision 029). */
function TwoFactorPrompt() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="two-factor-prompt"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <ShieldAlert aria-hidden="true" className="size-6 shrink-0" />
      {/* At least 16rem wide, so on a phone the button wraps below instead of squeezing it. */}
      <div className="grid min-w-64 flex-1 basis-64 gap-1">
        <h2 id="two-factor-prompt" className="font-semibold">
          {t("Turn on two-factor sign-in")}
        </h2>
        <p className="text-sm">
          {t(
            "This account can change every exam, plan and student record. Ask for a code from an authenticator app at each sign-in, so a stolen password alone cannot open it.",
          )}
        </p>
      </div>
      <Button asChild>
        <Link to="/admin/account">{t("Set up two-factor sign-in")}</Link>
      </Button>
    </section>
  );
}

export function AdminDashboardPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const fullName =
    (auth.status === "signed-in" && auth.session.profile?.fullName?.trim()) || t("Admin");
  const needsTwoFactor = auth.status === "signed-in" && !auth.session.user.twoFactorEnabled;

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("Admin Dashboard")}</h1>
          <p className="text-muted-foreground">{t("Signed in as {{name}}", { name: fullName })}</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/admin/account">{t("My Account")}</Link>
        </Button>
      </div>
      <SetupChecklist />
      {needsTwoFactor ? <TwoFactorPrompt /> : null}
      <OverviewStrip />
      <TileSection title={t("Manage")} tiles={ADMIN_SECTIONS} />
    </div>
  );
}

import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useNavigate } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";

const TABS = [
  { to: "/current-affairs/videos", label: msg("Videos") },
  { to: "/current-affairs/quizzes", label: msg("Quizzes") },
  { to: "/current-affairs/notes", label: msg("Notes") },
];

export function CurrentAffairsLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="mx-auto grid max-w-6xl gap-4 px-4 py-4">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon" aria-label={t("Go back")} onClick={() => navigate(-1)}>
          <ArrowLeft aria-hidden="true" />
        </Button>
        <h1 className="text-xl font-bold">{t("Current Affairs")}</h1>
      </div>
      <nav
        aria-label={t("Current affairs sections")}
        className="flex gap-1 rounded-lg bg-background p-1"
      >
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) =>
              cn(
                "flex-1 rounded-md px-3 py-2 text-center text-sm font-medium",
                isActive ? "bg-primary text-primary-foreground" : "hover:bg-muted",
              )
            }
          >
            {t(tab.label)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

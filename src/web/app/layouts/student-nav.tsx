import { cn } from "@web/lib/cn.ts";
import {
  ClipboardList,
  Dumbbell,
  House,
  ListChecks,
  type LucideIcon,
  Newspaper,
  Repeat,
  TrendingUp,
  Trophy,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { msg } from "../../../shared/i18n/msg.ts";

type NavItem = { to: string; label: string; icon: LucideIcon; end?: boolean };

/**
 * Where a student goes most: the bottom tab bar on phones and tablets, header links from 1024 px
 * (below that the eight links and the header's buttons do not fit in one row). Eight fit a
 * 390 px tab bar: the Previous Year Questions are one tap away on Practice (and the home page);
 * the profile on the dashboard (the header's Dashboard button).
 */
export const STUDENT_NAV: NavItem[] = [
  { to: "/", label: msg("Home"), icon: House, end: true },
  { to: "/student/exams", label: msg("Exams"), icon: ClipboardList },
  // Custom practice tests (and the PYQ explorer from there), the revision notebook.
  { to: "/student/practice", label: msg("Practice"), icon: Dumbbell },
  { to: "/student/revision", label: msg("Revision"), icon: Repeat },
  { to: "/current-affairs/quizzes", label: msg("Quizzes"), icon: ListChecks },
  { to: "/results", label: msg("Results"), icon: Trophy, end: true },
  { to: "/student/progress", label: msg("Progress"), icon: TrendingUp },
  { to: "/news", label: msg("News"), icon: Newspaper },
];

export function StudentHeaderLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("Main")} className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {STUDENT_NAV.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cn(
                  "inline-flex h-10 items-center rounded-md px-3 text-sm font-medium hover:bg-muted",
                  isActive ? "bg-secondary text-secondary-foreground" : "text-foreground",
                )
              }
            >
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Fixed to the bottom of screens below 1024 px; the layout leaves room for it (pb-16). */
export function StudentTabBar() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t("Main")}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="grid grid-cols-8">
        {STUDENT_NAV.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  cn(
                    "flex min-h-14 flex-col items-center justify-center gap-0.5 text-[0.625rem] font-medium",
                    isActive ? "text-primary" : "text-muted-foreground",
                  )
                }
              >
                <Icon className="size-5" aria-hidden="true" />
                {t(item.label)}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

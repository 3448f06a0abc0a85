import { ADMIN_HOME, ADMIN_SECTIONS } from "@web/components/layout/admin-sections.ts";
import { cn } from "@web/lib/cn.ts";
import { ChevronDown } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";

const ITEMS = [ADMIN_HOME, ...ADMIN_SECTIONS];

function SectionLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-0.5">
      {ITEMS.map((item) => {
        const Icon = item.icon;
        return (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "flex min-h-10 items-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-muted",
                  isActive ? "bg-secondary text-secondary-foreground" : "text-foreground",
                )
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {t(item.title)}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

/** Phones: one button that opens the section list; it closes again on navigation. */
function AdminMenu() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const { pathname } = useLocation();
  const current = ITEMS.find((item) => pathname.startsWith(item.to));
  useEffect(() => {
    if (!pathname) return;
    setIsOpen(false);
  }, [pathname]);
  return (
    <nav
      aria-label={t("Admin sections")}
      className="border-b border-border bg-background lg:hidden"
    >
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls="admin-menu-list"
        onClick={() => setIsOpen((open) => !open)}
        className="flex min-h-12 w-full items-center justify-between gap-2 px-4 text-sm font-semibold"
      >
        <span>
          {t("Admin menu")}
          {current ? (
            <span className="font-normal text-muted-foreground"> · {t(current.title)}</span>
          ) : null}
        </span>
        <ChevronDown
          className={cn("size-4 transition-transform", isOpen && "rotate-180")}
          aria-hidden="true"
        />
      </button>
      <div id="admin-menu-list" hidden={!isOpen} className="px-2 pb-3">
        <SectionLinks onNavigate={() => setIsOpen(false)} />
      </div>
    </nav>
  );
}

/** Every admin screen: a sidebar of sections on desktop, a menu above the page on phones. */
export function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="lg:mx-auto lg:grid lg:max-w-7xl lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-2 lg:px-4">
      <AdminMenu />
      <nav aria-label={t("Admin sections")} className="hidden lg:block">
        <div className="sticky top-16 py-6">
          <SectionLinks />
        </div>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

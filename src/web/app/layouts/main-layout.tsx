import { HydrateLater } from "@web/components/hydrate-later.tsx";
import { useIsAttemptActive } from "@web/lib/active-attempt.ts";
import { useAuth } from "@web/lib/auth.ts";
import { cn } from "@web/lib/cn.ts";
import { useDocumentTitle } from "@web/lib/page-title.ts";
import { useAppTitle } from "@web/lib/site-settings.ts";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { matchPath, Outlet, useLocation } from "react-router";
import { routeTitleFor } from "../route-title.ts";
import { AdminShell } from "./admin-nav.tsx";
import { AppNotices } from "./app-notices.tsx";
import { LoadingOverlay } from "./loading-overlay.tsx";
import { MaintenanceNotice, MaintenanceOnBanner, MaintenancePage } from "./maintenance-page.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { StudentTabBar } from "./student-nav.tsx";
import { useHeadingFocusOnNavigation } from "./use-heading-focus.ts";
import { useMaintenanceMode } from "./use-maintenance.ts";

// Open during maintenance, so an admin can log in and switch it off.
const AUTH_PATHS = ["/login", "/forgot-password", "/reset-password"];
// Timed attempts keep the screen to themselves: no tab bar under the question on a phone.
const FOCUSED_PATHS = ["/exam/:examId", "/quiz/:quizId/attempt"];

export function MainLayout() {
  const { t } = useTranslation();
  const auth = useAuth();
  const appTitle = useAppTitle();
  const { pathname } = useLocation();
  const routeTitle = routeTitleFor(pathname);
  useDocumentTitle(routeTitle ? t(routeTitle) : null, appTitle);
  const mainRef = useRef<HTMLElement>(null);
  useHeadingFocusOnNavigation(mainRef);
  const isAdmin = auth.status === "signed-in" && auth.role === "admin";
  const maintenanceOn = useMaintenanceMode();
  const isMaintenance = maintenanceOn && !isAdmin;
  // A running attempt stays on screen: its answers wait on the device and it says why. It also
  // has the screen to itself: its own compact bar replaces the header, footer and tab bar.
  const attemptRunning = useIsAttemptActive();
  const keepsPage = attemptRunning;
  const isAuthPage = AUTH_PATHS.some((p) => pathname.startsWith(p));
  const isFocused = FOCUSED_PATHS.some((path) => matchPath(path, pathname));
  const hasTabBar =
    auth.status === "signed-in" &&
    auth.role === "student" &&
    !isFocused &&
    !isMaintenance &&
    !attemptRunning;

  if (auth.status === "loading") return <LoadingOverlay />;
  const page =
    isMaintenance && !isAuthPage && !keepsPage ? (
      <MaintenancePage appTitle={appTitle} />
    ) : (
      <Outlet />
    );
  const isAdminPage = isAdmin && pathname.startsWith("/admin/");
  return (
    <div className={cn("flex min-h-dvh flex-col", hasTabBar && "pb-16 lg:pb-0")}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2"
      >
        {t("Skip to content")}
      </a>
      {attemptRunning ? null : <SiteHeader />}
      {/* At least a screen tall: the footer starts below the fold, so a list that arrives
          after the first paint grows the page without moving the footer in view
          (Cumulative Layout Shift; the news list's was 0.31). */}
      <main id="main" ref={mainRef} className="min-h-dvh flex-1">
        {isMaintenance && isAuthPage ? <MaintenanceNotice /> : null}
        {isAdminPage && maintenanceOn ? <MaintenanceOnBanner /> : null}
        {/* The header first, then the page and the footer (HydrateLater). */}
        <HydrateLater>{isAdminPage ? <AdminShell>{page}</AdminShell> : page}</HydrateLater>
      </main>
      {attemptRunning ? null : (
        <HydrateLater>
          <SiteFooter />
        </HydrateLater>
      )}
      {hasTabBar ? <StudentTabBar /> : null}
      <AppNotices />
    </div>
  );
}

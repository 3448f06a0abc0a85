import { Button } from "@web/components/ui/button.tsx";
import { useIsAttemptActive } from "@web/lib/active-attempt.ts";
import { ATTEMPT_LINKS } from "@web/lib/attempt-links.ts";
import { acceptInstall, declineInstall, useInstallOffer } from "@web/lib/install-prompt.ts";
import { applyUpdate, useUpdateReady } from "@web/lib/service-worker.ts";
import { useAppTitle } from "@web/lib/site-settings.ts";
import { Download, RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { matchPath, useLocation } from "react-router";

/** Every attempt page (start screen and runner), of every kind: "/exam/:id", "/quiz/:id/attempt"... */
const ATTEMPT_PATHS = Object.values(ATTEMPT_LINKS).map((link) => link.path(":id"));

export function isAttemptPath(pathname: string): boolean {
  return ATTEMPT_PATHS.some((path) => matchPath(path, pathname) !== null);
}

/**
 * The app's own notices (decision 045): "Reload to update" when a new version is waiting, and
 * the install offer. Never on an attempt's pages: an exam is not interrupted, not even by a
 * question. Above the students' tab bar on phones; in the lower right corner on a desktop, clear
 * of the page's column.
 */
export function AppNotices() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const attemptRunning = useIsAttemptActive();
  const updateReady = useUpdateReady();
  const installOffer = useInstallOffer();
  const appTitle = useAppTitle();
  if (attemptRunning || isAttemptPath(pathname)) return null;
  if (!updateReady && !installOffer) return null;
  return (
    <aside
      aria-label={t("App notices")}
      className="fixed inset-x-0 bottom-20 z-40 mx-auto grid w-[calc(100%-2rem)] max-w-md gap-2 lg:right-4 lg:bottom-4 lg:left-auto lg:mx-0 lg:w-96"
    >
      {updateReady ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-background p-3 shadow-lg"
        >
          <p className="min-w-0 flex-1 text-sm">{t("A new version of the app is ready.")}</p>
          <Button size="sm" onClick={applyUpdate}>
            <RefreshCw aria-hidden="true" /> {t("Reload to update")}
          </Button>
        </div>
      ) : null}
      {installOffer ? (
        <div className="grid gap-2 rounded-lg border border-border bg-background p-3 shadow-lg">
          <h2 className="text-sm font-semibold">{t("Install the app")}</h2>
          <p className="text-sm text-muted-foreground">
            {t(
              "Add {{title}} to your home screen: it opens faster and keeps the articles and notes you open readable offline.",
              { title: appTitle },
            )}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button size="sm" variant="outline" onClick={declineInstall}>
              {t("Not now")}
            </Button>
            <Button size="sm" onClick={() => void acceptInstall()}>
              <Download aria-hidden="true" /> {t("Install")}
            </Button>
          </div>
        </div>
      ) : null}
    </aside>
  );
}

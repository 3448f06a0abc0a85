import { Construction } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { msg } from "../../../shared/i18n/msg.ts";

/** What non-admins see while maintenance mode is on (the server refuses their API calls). */
export function MaintenancePage({ appTitle }: { appTitle: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="maintenance-title"
      className="mx-auto grid max-w-lg justify-items-center gap-3 px-4 py-16 text-center"
    >
      <Construction className="size-12 text-primary" aria-hidden="true" />
      <h1 id="maintenance-title" className="text-2xl font-bold">
        {t("Under Maintenance")}
      </h1>
      <p className="text-muted-foreground">
        {t(
          "{{appTitle}} is under maintenance right now. We'll be back shortly. Please check back later.",
          { appTitle },
        )}
      </p>
    </section>
  );
}

/** Shown above the login form during maintenance: only admins can get in. */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="mx-auto mt-4 max-w-md rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
    >
      {t("The site is under maintenance. Only administrators can log in right now.")}
    </p>
  );
}

/** Above every admin page while maintenance mode is on, so it is not left on by mistake. */
export function MaintenanceOnBanner() {
  return (
    <p
      role="status"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900"
    >
      <Trans
        i18nKey={msg(
          "Maintenance mode is on. Students see the maintenance page until you switch it off in <settings>Site Settings</settings>.",
        )}
        components={{ settings: <Link to="/admin/settings" className="underline" /> }}
      />
    </p>
  );
}

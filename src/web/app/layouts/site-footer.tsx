import { useQuery } from "@tanstack/react-query";
import { publicSettingsQueryOptions, useAppTitle } from "@web/lib/site-settings.ts";
import { useTranslation } from "react-i18next";

export function SiteFooter() {
  const { t } = useTranslation();
  const appTitle = useAppTitle();
  const settings = useQuery(publicSettingsQueryOptions).data;
  return (
    <footer className="mt-auto border-t border-border bg-background">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:justify-between">
        <p>
          {t("© {{year}} {{appTitle}}. All rights reserved.", {
            year: new Date().getFullYear(),
            appTitle,
          })}
        </p>
        {settings?.contactEmail ? (
          <a
            className="inline-flex min-h-10 items-center hover:underline"
            href={`mailto:${settings.contactEmail}`}
          >
            {settings.contactEmail}
          </a>
        ) : null}
      </div>
    </footer>
  );
}

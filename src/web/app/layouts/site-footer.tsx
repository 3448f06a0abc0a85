import { useQuery } from "@tanstack/react-query";
import { FooterLinks } from "@web/components/legal/legal-links.tsx";
import { publicSettingsQueryOptions, useAppTitle } from "@web/lib/site-settings.ts";
import { useTranslation } from "react-i18next";

export function SiteFooter() {
  const { t } = useTranslation();
  const appTitle = useAppTitle();
  const settings = useQuery(publicSettingsQueryOptions).data;
  return (
    <footer className="mt-auto border-t border-border bg-background">
      <div className="mx-auto grid max-w-6xl gap-2 px-4 py-6 text-sm text-muted-foreground">
        <FooterLinks />
        <div className="flex flex-col gap-1 sm:flex-row sm:justify-between">
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
      </div>
    </footer>
  );
}

import { useQuery } from "@tanstack/react-query";
import { RichText } from "@web/components/rich-text/rich-text.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState, ErrorState } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { formatDate } from "@web/lib/format.ts";
import { usePageTitle } from "@web/lib/page-title.ts";
import { publicSettingsQueryOptions } from "@web/lib/site-settings.ts";
import { Mail, MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LEGAL_PAGES, type LegalSlug } from "../../../../shared/legal.ts";
import { useLegalPage } from "../api/get-legal-page.ts";

/** The contact email and postal address from the site settings: never an address made up. */
function ContactDetails() {
  const { t } = useTranslation();
  const settings = useQuery(publicSettingsQueryOptions).data;
  if (!settings) return null;
  return (
    <section
      aria-labelledby="contact-details"
      className="grid gap-3 rounded-lg border border-border bg-background p-5"
    >
      <h2 id="contact-details" className="text-lg font-semibold">
        {t("How to reach us")}
      </h2>
      <p className="flex items-start gap-2">
        <Mail className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>
          <span className="sr-only">{t("Email")}: </span>
          <a className="text-primary underline" href={`mailto:${settings.contactEmail}`}>
            {settings.contactEmail}
          </a>
        </span>
      </p>
      {settings.postalAddress ? (
        <p className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="whitespace-pre-line">
            <span className="sr-only">{t("Postal address")}: </span>
            {settings.businessName ? `${settings.businessName}\n` : ""}
            {settings.postalAddress}
          </span>
        </p>
      ) : null}
      <Button asChild className="justify-self-start">
        <Link to="/support">{t("Send a support request")}</Link>
      </Button>
    </section>
  );
}

/** One legal page as the admin wrote it (decision 040). */
export function LegalPage({ slug }: { slug: LegalSlug }) {
  const { t } = useTranslation();
  const page = useLegalPage(slug);
  usePageTitle(page.data?.title);
  const notWritten = page.error instanceof ApiError && page.error.status === 404;
  return (
    <div className="mx-auto grid max-w-3xl gap-5 px-4 py-8">
      <QueryContent
        query={page}
        loadingLabel={t("Loading page...")}
        error={(error, retry) => (
          <>
            <h1 className="text-2xl font-bold">{t(LEGAL_PAGES[slug].title)}</h1>
            {notWritten ? (
              <EmptyState
                title={t("This page has not been written yet.")}
                description={t("Please check again soon, or send us a support request.")}
              />
            ) : (
              <ErrorState
                title={t("Error loading page")}
                message={error?.message}
                onRetry={retry}
                retryLabel={t("Try Again")}
              />
            )}
          </>
        )}
      >
        {(data) => (
          <article className="grid gap-3">
            <h1 className="text-2xl font-bold sm:text-3xl">{data.title}</h1>
            <p className="text-sm text-muted-foreground">
              {t("Last updated {{date}}", { date: formatDate(data.updatedAt) })}
            </p>
            <RichText html={data.content} className="leading-relaxed" />
          </article>
        )}
      </QueryContent>
      {slug === "contact" ? <ContactDetails /> : null}
    </div>
  );
}

export const TermsPage = () => <LegalPage slug="terms" />;
export const RefundPolicyPage = () => <LegalPage slug="refund" />;
export const PrivacyPolicyPage = () => <LegalPage slug="privacy" />;
export const AboutPage = () => <LegalPage slug="about" />;
export const ContactPage = () => <LegalPage slug="contact" />;

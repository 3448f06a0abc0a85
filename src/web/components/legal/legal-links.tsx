import { cn } from "@web/lib/cn.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { msg } from "../../../shared/i18n/msg.ts";
import { LEGAL_PAGES } from "../../../shared/legal.ts";

/** The footer's links: the pages a payment gateway and a student expect (decision 040). */
const FOOTER_LINKS = [
  { to: LEGAL_PAGES.about.path, label: LEGAL_PAGES.about.title },
  { to: LEGAL_PAGES.contact.path, label: LEGAL_PAGES.contact.title },
  { to: "/faqs", label: msg("FAQs") },
  { to: "/support", label: msg("Support") },
  { to: "/feedback", label: msg("Feedback") },
  { to: LEGAL_PAGES.terms.path, label: LEGAL_PAGES.terms.title },
  { to: LEGAL_PAGES.refund.path, label: LEGAL_PAGES.refund.title },
  { to: LEGAL_PAGES.privacy.path, label: LEGAL_PAGES.privacy.title },
];

const linkClass = "inline-flex min-h-10 items-center underline-offset-4 hover:underline";

export function FooterLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("About and policies")} className={className}>
      <ul className="flex flex-wrap gap-x-4 gap-y-0">
        {FOOTER_LINKS.map((link) => (
          <li key={link.to}>
            <Link className={linkClass} to={link.to}>
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One line under the plans, before paying: the policies the student accepts (decision 040). */
export function CheckoutPolicyLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  const slugs = ["terms", "refund", "privacy"] as const;
  return (
    <nav
      aria-label={t("Payment policies")}
      className={cn("flex flex-wrap items-center gap-x-3 text-sm text-muted-foreground", className)}
    >
      <span>{t("By paying you accept these policies:")}</span>
      {slugs.map((slug) => (
        <Link
          key={slug}
          className="inline-flex min-h-10 items-center font-medium text-primary underline underline-offset-4"
          to={LEGAL_PAGES[slug].path}
        >
          {t(LEGAL_PAGES[slug].title)}
        </Link>
      ))}
    </nav>
  );
}

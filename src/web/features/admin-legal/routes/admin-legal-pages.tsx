import { useQuery } from "@tanstack/react-query";
import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { formatDateTime } from "@web/lib/format.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type AdminLegalPage, adminLegalPagesQueryOptions } from "../api/legal-pages.ts";
import { LegalPageDialog } from "../components/legal-page-dialog.tsx";

function PageStatus({ page }: { page: AdminLegalPage }) {
  const { t } = useTranslation();
  if (!page.isWritten) return <Badge variant="destructive">{t("Not written")}</Badge>;
  if (page.needsReview) return <Badge variant="warning">{t("Demo text: edit me")}</Badge>;
  return <Badge variant="success">{t("Published")}</Badge>;
}

/** Terms, refunds, privacy, about and contact: what Razorpay asks to see before going live. */
export function AdminLegalPagesPage() {
  const { t } = useTranslation();
  const pages = useQuery(adminLegalPagesQueryOptions());
  const needsWork = pages.data?.items.some((p) => !p.isWritten || p.needsReview) ?? false;
  return (
    <ResourceList
      title={t("Legal Pages")}
      description={t(
        "Terms, refund policy, privacy policy, about and contact: linked from the footer and the checkout.",
      )}
      query={adminLegalPagesQueryOptions}
      loadingLabel={t("Loading pages...")}
      errorTitle={t("Error loading pages")}
      empty={{ title: t("No pages.") }}
      notice={
        needsWork ? (
          <p
            role="note"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            {t(
              "Pages marked 'Demo text: edit me' still show the demo's wording to visitors. Edit each one with your business's own terms, address and refund rules before accepting payments.",
            )}
          </p>
        ) : null
      }
      columns={[
        {
          header: t("Page"),
          className: "min-w-48",
          cell: (page) => (
            <span className="grid">
              <span className="font-medium">{page.title}</span>
              <span className="text-xs text-muted-foreground">{page.path}</span>
            </span>
          ),
        },
        { header: t("Status"), cell: (page) => <PageStatus page={page} /> },
        {
          header: t("Last Updated"),
          className: "whitespace-nowrap",
          cell: (page) => (page.updatedAt ? formatDateTime(page.updatedAt) : "—"),
        },
      ]}
      rowActions={(page, handlers) => (
        <span className="inline-flex gap-2">
          <Button variant="ghost" size="sm" asChild>
            <Link to={page.path}>
              {t("View")} <span className="sr-only">{page.title}</span>
            </Link>
          </Button>
          <Button variant="outline" size="sm" onClick={() => handlers.edit(page)}>
            {t("Edit")} <span className="sr-only">{page.title}</span>
          </Button>
        </span>
      )}
      form={(form) => (
        <LegalPageDialog open={form.open} onOpenChange={form.onOpenChange} page={form.row} />
      )}
    />
  );
}

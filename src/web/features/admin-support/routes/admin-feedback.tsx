import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { formatDateTime } from "@web/lib/format.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { adminFeedbackQueryOptions } from "../api/support.ts";

/** /admin/feedback: what students and visitors sent from the Feedback page, newest first. */
export function AdminFeedbackPage() {
  const { t } = useTranslation();
  return (
    <ResourceList
      title={t("Feedback")}
      description={t("Messages from the Feedback page, newest first.")}
      actions={() => (
        <Button asChild variant="outline">
          <Link to="/admin/support">{t("Support Requests")}</Link>
        </Button>
      )}
      query={adminFeedbackQueryOptions}
      loadingLabel={t("Loading feedback...")}
      errorTitle={t("Error loading feedback")}
      empty={{ title: t("No feedback yet.") }}
      columns={[
        {
          header: t("Message"),
          className: "min-w-64 whitespace-pre-line",
          cell: (item) => item.message,
        },
        {
          header: t("Rating"),
          cell: (item) => (item.rating ? t("{{count}} out of 5", { count: item.rating }) : "—"),
        },
        {
          header: t("From"),
          cell: (item) =>
            item.name || item.email ? (
              <span className="grid">
                <span>{item.name}</span>
                <span className="break-all text-xs text-muted-foreground">{item.email}</span>
              </span>
            ) : item.fromUser ? (
              t("A signed-in user")
            ) : (
              t("Anonymous")
            ),
        },
        {
          header: t("Received"),
          className: "whitespace-nowrap",
          cell: (item) => formatDateTime(item.createdAt),
        },
      ]}
      rowActions={() => null}
    />
  );
}

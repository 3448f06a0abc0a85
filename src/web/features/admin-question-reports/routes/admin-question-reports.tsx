import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import {
  QUEUE_FILTERS,
  type QueueFilter,
  type ResolveAction,
} from "../../../../shared/question-reports.ts";
import { type QueueGroup, reportQueueQueryOptions } from "../api/queue.ts";
import { ReportGroupCard } from "../components/report-group-card.tsx";
import { ResolveDialog } from "../components/resolve-dialog.tsx";

const FILTER_LABELS: Record<QueueFilter, string> = {
  open: msg("Open, oldest first"),
  answered: msg("Answered, latest first"),
};

/**
 * /admin/question-reports, "Question reports" (decision 064): students' error reports grouped by
 * question, the oldest first with its SLA clock, each beside the answers of everyone who took
 * it and the item analysis; one answer (reject, fix the text, change the key, drop) answers all
 * of a question's open reports.
 */
export function AdminQuestionReportsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<QueueFilter>("open");
  const [resolving, setResolving] = useState<{
    group: QueueGroup;
    action: ResolveAction;
  } | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <ResourceList
      title={t("Question reports")}
      description={
        <>
          {t(
            "Errors students reported in questions. An answer to a question answers all its open reports, and each student is told.",
          )}{" "}
          <Link to="/admin/settings" className="underline">
            {t("Change the hours to answer in Site Settings.")}
          </Link>
        </>
      }
      search={{
        id: "report-search",
        label: t("Search reports"),
        placeholder: t("Search by question text or paper..."),
      }}
      filters={
        <div>
          <Label htmlFor="report-status" className="sr-only">
            {t("Show")}
          </Label>
          <Select
            id="report-status"
            value={status}
            onChange={(event) => setStatus(event.target.value as QueueFilter)}
          >
            {QUEUE_FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(FILTER_LABELS[value])}
              </option>
            ))}
          </Select>
        </div>
      }
      // The answered list is a filter; the open queue is the page's own list.
      filterKey={status === "open" ? "" : status}
      query={reportQueueQueryOptions(status)}
      pageSize={10}
      loadingLabel={t("Loading question reports...")}
      errorTitle={t("Error loading question reports")}
      empty={{
        title: status === "open" ? t("No open reports.") : t("No answered reports yet."),
        description:
          status === "open" ? t("Every report students sent has been answered.") : undefined,
        filtered:
          status === "open"
            ? t("No report matches this search.")
            : t("Answered reports are listed here, the latest first."),
      }}
      renderRows={(groups) => (
        <div className="grid gap-4">
          {groups.map((group) => (
            <ReportGroupCard
              key={group.id}
              group={group}
              onResolve={(chosen, action) => {
                setResolving({ group: chosen, action });
                setOpen(true);
              }}
            />
          ))}
        </div>
      )}
    >
      <ResolveDialog
        group={resolving?.group ?? null}
        action={resolving?.action ?? "reject"}
        open={open}
        onOpenChange={setOpen}
      />
    </ResourceList>
  );
}

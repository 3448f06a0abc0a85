import { Badge } from "@web/components/ui/badge.tsx";
import { useTranslation } from "react-i18next";
import { REPORT_STATUS_LABELS, type ReportStatus } from "../../../shared/question-reports.ts";

const VARIANT = {
  open: "warning",
  rejected: "outline",
  fixed: "success",
  key_changed: "success",
  dropped: "secondary",
} as const satisfies Record<ReportStatus, string>;

/** A question report's state, for the review's button, the student's list and the admin's. */
export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  return <Badge variant={VARIANT[status]}>{t(REPORT_STATUS_LABELS[status])}</Badge>;
}

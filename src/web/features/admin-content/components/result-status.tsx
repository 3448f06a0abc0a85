import { Badge } from "@web/components/ui/badge.tsx";
import { useTranslation } from "react-i18next";
import { msg } from "../../../../shared/i18n/msg.ts";

type Status = "inProgress" | "pending" | "passed" | "failed";

const STATUS: Record<
  Status,
  { label: string; variant: "outline" | "secondary" | "success" | "destructive" }
> = {
  inProgress: { label: msg("In Progress"), variant: "outline" },
  pending: { label: msg("Pending"), variant: "secondary" },
  passed: { label: msg("Passed"), variant: "success" },
  failed: { label: msg("Failed"), variant: "destructive" },
};

/** Spec: completed_at null 'In Progress'; passed null 'Pending'; else 'Passed' or 'Failed'. */
export function ResultStatusBadge(props: { completedAt: string | null; passed: boolean | null }) {
  const { t } = useTranslation();
  const status: Status =
    props.completedAt === null
      ? "inProgress"
      : props.passed === null
        ? "pending"
        : props.passed
          ? "passed"
          : "failed";
  return <Badge variant={STATUS[status].variant}>{t(STATUS[status].label)}</Badge>;
}

import { Badge } from "@web/components/ui/badge.tsx";
import { useTranslation } from "react-i18next";
import { msg } from "../../../shared/i18n/msg.ts";
import type { TicketStatus } from "../../../shared/support.ts";

const STATUS = {
  open: { label: msg("Open"), variant: "warning" },
  answered: { label: msg("Answered"), variant: "success" },
  closed: { label: msg("Closed"), variant: "outline" },
} as const satisfies Record<TicketStatus, { label: string; variant: string }>;

/** A support request's state, for the student's list and the admin's. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return <Badge variant={STATUS[status].variant}>{t(STATUS[status].label)}</Badge>;
}

import { Badge } from "@web/components/ui/badge.tsx";
import { useTranslation } from "react-i18next";
import { type SubscriptionStatus, statusLabel } from "../../shared/subscriptions.ts";

/**
 * Spec badge styles: active success, pending outline, cancelled and expired destructive;
 * 'replaced' (decision 028) is a plain end, not a failure. One map for the student's banner and
 * the admin's subscriber list, so a new status fails to compile until it has a style.
 */
const VARIANT = {
  active: "success",
  pending: "outline",
  cancelled: "destructive",
  expired: "destructive",
  replaced: "secondary",
} as const satisfies Record<SubscriptionStatus, string>;

export function SubscriptionStatusBadge(props: { status: SubscriptionStatus }) {
  const { t } = useTranslation();
  return <Badge variant={VARIANT[props.status]}>{t(statusLabel(props.status))}</Badge>;
}

import { InlineAlert } from "@web/components/ui/states.tsx";
import { Check, CloudOff, CloudUpload, Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { SyncStatus } from "../lib/use-answer-sync.ts";

const LABELS: Record<SyncStatus, string> = {
  saved: msg("All answers saved"),
  saving: msg("Saving..."),
  offline: msg("Offline: answers kept on this device"),
  maintenance: msg(
    "The site is under maintenance. Your answers are kept on this device and will be sent when it is back",
  ),
  "signed-out": msg("Signed out: log in again to save"),
  closed: msg("Answers closed"),
};

/** The words that fit the compact attempt bar; the full sentence goes under it (`SyncNotice`). */
const SHORT_LABELS: Record<SyncStatus, string> = {
  saved: msg("All answers saved"),
  saving: msg("Saving..."),
  offline: msg("Offline"),
  maintenance: msg("Maintenance"),
  "signed-out": msg("Signed out"),
  closed: msg("Answers closed"),
};

const isProblem = (status: SyncStatus) =>
  status === "offline" || status === "maintenance" || status === "signed-out";

function iconFor(status: SyncStatus) {
  if (status === "saved") return Check;
  if (status === "saving") return CloudUpload;
  if (status === "offline" || status === "maintenance") return CloudOff;
  return Lock;
}

/**
 * Tells the student whether their choices have reached the server. `compact` is the attempt
 * bar's version: an icon and a word or two (only the icon on a phone, the words kept for screen
 * readers); without it the full sentence.
 */
export function SyncIndicator({ status, compact }: { status: SyncStatus; compact?: boolean }) {
  const { t } = useTranslation();
  const Icon = iconFor(status);
  return (
    <span
      role="status"
      aria-live="polite"
      data-sync={status}
      className={
        isProblem(status)
          ? "inline-flex shrink-0 items-center gap-1 rounded-md bg-amber-100 px-2 py-1 text-xs font-medium text-amber-900"
          : "inline-flex shrink-0 items-center gap-1 text-xs text-muted-foreground"
      }
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {compact ? (
        <span className="sr-only sm:not-sr-only">{t(SHORT_LABELS[status])}</span>
      ) : (
        t(LABELS[status])
      )}
    </span>
  );
}

/** Under the compact bar while answers cannot be sent: the whole reason, in a sentence. */
export function SyncNotice({ status }: { status: SyncStatus }) {
  const { t } = useTranslation();
  if (!isProblem(status)) return null;
  return (
    <InlineAlert className="flex items-center gap-2 rounded-md bg-amber-100 px-3 py-2 text-sm font-medium text-amber-900">
      <CloudOff className="size-4 shrink-0" aria-hidden="true" />
      {t(LABELS[status])}
    </InlineAlert>
  );
}

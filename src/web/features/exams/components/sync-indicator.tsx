import { Check, CloudOff, CloudUpload, Lock } from "lucide-react";
import type { SyncStatus } from "../lib/use-answer-sync.ts";

const LABELS: Record<SyncStatus, string> = {
  saved: "All answers saved",
  saving: "Saving...",
  offline: "Offline: answers kept on this device",
  maintenance:
    "The site is under maintenance. Your answers are kept on this device and will be sent when it is back",
  "signed-out": "Signed out: log in again to save",
  closed: "Answers closed",
};

/** Tells the student whether their choices have reached the server. */
export function SyncIndicator({ status }: { status: SyncStatus }) {
  const Icon =
    status === "saved"
      ? Check
      : status === "saving"
        ? CloudUpload
        : status === "offline" || status === "maintenance"
          ? CloudOff
          : Lock;
  return (
    <span
      role="status"
      aria-live="polite"
      data-sync={status}
      className={
        status === "offline" || status === "maintenance" || status === "signed-out"
          ? "inline-flex items-center gap-1 rounded-md bg-amber-100 px-2 py-1 text-xs font-medium text-amber-900"
          : "inline-flex items-center gap-1 text-xs text-muted-foreground"
      }
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {LABELS[status]}
    </span>
  );
}

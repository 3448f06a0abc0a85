import { useTranslation } from "react-i18next";

/** "3 of 12 steps done" with a bar (a progressbar with its numbers). */
export function CourseProgress({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation();
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  const label = t("{{done}} of {{total}} steps done", { done, total });
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-success" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}

import { cn } from "@web/lib/cn.ts";
import { useTranslation } from "react-i18next";

/** What a student's result leads with, for any kind (GET /api/results items carry it). */
export type ResultFiguresData = {
  /** The score as a percent of the maximum. */
  percent: number;
  marksObtained: number;
  maxMarks: number;
  /** The exam's cut-off (its passing marks, percent); null for a quiz, which has none. */
  cutOff: number | null;
  passed: boolean | null;
  /** The rank of the attempt that counts (the first one); null for a later try. */
  rank: { position: number; of: number } | null;
  percentile: number | null;
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The result's headline as aspirants read it: the score rounded to a whole percent (green at or
 * above the cut-off, red below it), then marks, rank, percentile and the cut-off. Students see
 * "Cut-off"; the spec's Passed/Failed stays on the admins' screens.
 */
export function ResultFigures(props: { result: ResultFiguresData; className?: string }) {
  const { t } = useTranslation();
  const r = props.result;
  const tone =
    r.passed === null ? "text-foreground" : r.passed ? "text-success" : "text-destructive";
  return (
    <div className={cn("grid gap-2", props.className)}>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className={cn("text-3xl font-bold", tone)}>{Math.round(r.percent)}%</span>
        {r.cutOff !== null ? (
          <span className="text-sm text-muted-foreground">
            {r.passed ? t("Above the cut-off") : t("Below the cut-off")}
          </span>
        ) : null}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("Marks")}</dt>
        <dd>
          {t("{{obtained}} of {{max}}", {
            obtained: round2(r.marksObtained),
            max: round2(r.maxMarks),
          })}
        </dd>
        <dt className="text-muted-foreground">{t("Rank")}</dt>
        <dd>
          {r.rank
            ? t("{{position}} of {{of}}", { position: r.rank.position, of: r.rank.of })
            : t("Counted on your first attempt")}
        </dd>
        {r.percentile !== null ? (
          <>
            <dt className="text-muted-foreground">{t("Percentile")}</dt>
            <dd>{r.percentile.toFixed(2)}</dd>
          </>
        ) : null}
        {r.cutOff !== null ? (
          <>
            <dt className="text-muted-foreground">{t("Cut-off")}</dt>
            <dd>{r.cutOff}%</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

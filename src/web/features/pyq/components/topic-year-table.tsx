import { cn } from "@web/lib/cn.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { useTranslation } from "react-i18next";
import type { PyqTrend } from "../../../../shared/pyq.ts";

type Row = PyqTrend["rows"][number];

/** Five shades from none to the most: the count is always written in the cell as well. */
function shade(count: number, max: number): string {
  if (count === 0 || max === 0) return "text-muted-foreground";
  const level = Math.ceil((4 * count) / max);
  if (level <= 1) return "bg-primary/10";
  if (level === 2) return "bg-primary/25";
  if (level === 3) return "bg-primary/50";
  return "bg-primary text-primary-foreground";
}

/**
 * How many questions each subject (or topic) drew in each year, as a table read like a heatmap:
 * a row per subject or topic, a column per year (oldest first), darker for more questions, with
 * the number in every cell (so the table is its own accessible alternative). A cell with
 * questions is a button that shows them. The first column stays in view when it scrolls.
 */
export function TopicYearTable(props: {
  trend: PyqTrend;
  caption: string;
  /** The chosen subject's or topic's row, marked. */
  selectedId?: string;
  onPick: (row: Row, year: number) => void;
}) {
  const { t } = useTranslation();
  const { trend } = props;
  const max = Math.max(0, ...trend.rows.flatMap((r) => r.counts));
  const rowName = (row: Row) =>
    row.name ?? (trend.by === "subject" ? t("Untagged") : t("No topic"));
  return (
    <section
      aria-label={t("Table: {{title}}", { title: props.caption })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to scroll by keyboard.
      tabIndex={0}
      className="min-w-0 overflow-x-auto rounded-lg border border-border bg-background focus-visible:outline-2 focus-visible:outline-primary"
    >
      <table className="w-full border-separate border-spacing-0 text-xs sm:text-sm">
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-10 min-w-24 bg-muted px-2 py-2 text-left font-semibold"
            >
              {trend.by === "subject" ? t("Subject") : t("Topic")}
            </th>
            {trend.years.map((year) => (
              <th
                key={year}
                scope="col"
                className="bg-muted px-0.5 py-2 text-center font-semibold tabular-nums"
              >
                {year}
              </th>
            ))}
            {/* On phones the years get the room; each total is in the subject and topic lists. */}
            <th
              scope="col"
              className="hidden bg-muted px-2 py-2 text-right font-semibold sm:table-cell"
            >
              {t("Total")}
            </th>
          </tr>
        </thead>
        <tbody>
          {trend.rows.map((row) => {
            const name = rowName(row);
            return (
              <tr key={`${row.subjectName}:${row.id}`}>
                <th
                  scope="row"
                  lang={row.name ? contentLang(row.name) : undefined}
                  className={cn(
                    "sticky left-0 z-10 min-w-24 border-t border-border px-2 py-1.5 text-left font-medium",
                    row.id !== null && row.id === props.selectedId
                      ? "bg-secondary text-secondary-foreground"
                      : "bg-background",
                  )}
                >
                  {name}
                </th>
                {row.counts.map((count, i) => {
                  const year = trend.years[i] ?? 0;
                  const cell = cn(
                    "flex h-9 w-full min-w-8 items-center justify-center rounded tabular-nums",
                    shade(count, max),
                  );
                  return (
                    <td key={year} className="border-t border-border p-0.5 text-center">
                      {count > 0 && row.id !== null ? (
                        <button
                          type="button"
                          className={cn(cell, "font-semibold hover:ring-2 hover:ring-ring")}
                          aria-label={t("Show {{name}}, {{year}}: {{count}} questions", {
                            name,
                            year,
                            count,
                          })}
                          onClick={() => props.onPick(row, year)}
                        >
                          {count}
                        </button>
                      ) : (
                        <span className={cell}>{count}</span>
                      )}
                    </td>
                  );
                })}
                <td className="hidden border-t border-border px-2 py-1.5 text-right font-semibold tabular-nums sm:table-cell">
                  {row.total}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

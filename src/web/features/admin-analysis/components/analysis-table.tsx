import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import { CHECK_KEY_LABEL } from "../../../../shared/item-analysis.ts";
import { questionMarkupToPlainText } from "../../../../shared/question-markup.ts";
import type { AnalysedQuestion } from "../api/item-analysis.ts";

type SortKey =
  | "number"
  | "question"
  | "facility"
  | "discrimination"
  | "A"
  | "B"
  | "C"
  | "D"
  | "skipped"
  | "averageSeconds"
  | "flag";
type Direction = "ascending" | "descending";

/** `header` is shown through `t()`; the option letters are the same in both languages. */
const COLUMNS: { key: SortKey; header: string; className?: string }[] = [
  { key: "number", header: msg("Number") },
  { key: "question", header: msg("Question"), className: "min-w-56" },
  { key: "facility", header: msg("Facility") },
  { key: "discrimination", header: msg("Discrimination") },
  { key: "A", header: "A" },
  { key: "B", header: "B" },
  { key: "C", header: "C" },
  { key: "D", header: "D" },
  { key: "skipped", header: msg("Skipped") },
  { key: "averageSeconds", header: msg("Avg time") },
  { key: "flag", header: msg("Flag") },
];

/** The value a column sorts by; nulls (no attempts yet) always sort last. */
function sortValue(q: AnalysedQuestion, key: SortKey): number | string | null {
  switch (key) {
    case "number":
      return q.number;
    case "question":
      return q.questionText.toLowerCase();
    case "facility":
      return q.facility;
    case "discrimination":
      return q.discrimination;
    case "A":
    case "B":
    case "C":
    case "D":
    case "skipped":
      return q.options[key];
    case "averageSeconds":
      return q.averageSeconds;
    case "flag":
      return q.checkKey ? 1 : 0;
  }
}

export function sortQuestions(rows: AnalysedQuestion[], key: SortKey, direction: Direction) {
  const sign = direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === y) return a.number - b.number;
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : 1) * sign;
  });
}

const percent = (n: number | null) => (n === null ? "—" : `${n}%`);

/**
 * The per-question figures, sortable by any column (a button in each header, with aria-sort);
 * each row becomes a card on phones, where a "Sort by" select stands in for the headers.
 */
export function AnalysisTable(props: {
  questions: AnalysedQuestion[];
  editPath: (question: AnalysedQuestion) => string;
}) {
  const { t } = useTranslation();
  const seconds = (n: number | null) => (n === null ? "—" : t("{{n}} s", { n }));
  const option = (q: AnalysedQuestion, o: "A" | "B" | "C" | "D") =>
    q.correctAnswer === o ? t("{{n}} (key)", { n: q.options[o] }) : String(q.options[o]);
  const [sort, setSort] = useState<{ key: SortKey; direction: Direction }>({
    key: "number",
    direction: "ascending",
  });
  const rows = useMemo(
    () => sortQuestions(props.questions, sort.key, sort.direction),
    [props.questions, sort],
  );
  const sortId = useId();
  const toggle = (key: SortKey) =>
    setSort((s) =>
      s.key === key
        ? { key, direction: s.direction === "ascending" ? "descending" : "ascending" }
        : { key, direction: "ascending" },
    );

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2 sm:hidden">
        <label htmlFor={sortId} className="text-sm font-medium">
          {t("Sort by")}
        </label>
        <select
          id={sortId}
          className="h-9 rounded-md border border-input bg-background px-2 text-sm"
          value={sort.key}
          onChange={(e) => setSort({ key: e.target.value as SortKey, direction: sort.direction })}
        >
          {COLUMNS.map((c) => (
            <option key={c.key} value={c.key}>
              {t(c.header)}
            </option>
          ))}
        </select>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            setSort((s) => ({
              ...s,
              direction: s.direction === "ascending" ? "descending" : "ascending",
            }))
          }
        >
          {sort.direction === "ascending" ? t("Ascending") : t("Descending")}
        </Button>
      </div>
      <Table stackOnPhones>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((c) => {
              const active = sort.key === c.key;
              const Icon = active
                ? sort.direction === "ascending"
                  ? ArrowUp
                  : ArrowDown
                : ArrowUpDown;
              return (
                <TableHead
                  key={c.key}
                  aria-sort={active ? sort.direction : "none"}
                  className={c.className}
                >
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                    onClick={() => toggle(c.key)}
                  >
                    {c.key === "number" ? (
                      <>
                        <span aria-hidden="true">#</span>
                        <span className="sr-only">{t("Number")}</span>
                      </>
                    ) : (
                      t(c.header)
                    )}
                    <Icon className="size-3.5" aria-hidden="true" />
                  </button>
                </TableHead>
              );
            })}
            <TableHead>
              <span className="sr-only">{t("Actions")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((q) => (
            <TableRow key={q.id}>
              <TableCell label="#">{q.number}</TableCell>
              <TableCell label={t("Question")} className="min-w-56">
                <span className="line-clamp-3">{questionMarkupToPlainText(q.questionText)}</span>
                <span className="text-xs text-muted-foreground">
                  {t("Key: {{answer}}", { answer: q.correctAnswer })}
                </span>
              </TableCell>
              <TableCell label={t("Facility")}>{percent(q.facility)}</TableCell>
              <TableCell label={t("Discrimination")}>
                {q.discrimination === null ? "—" : q.discrimination.toFixed(2)}
              </TableCell>
              <TableCell label="A">{option(q, "A")}</TableCell>
              <TableCell label="B">{option(q, "B")}</TableCell>
              <TableCell label="C">{option(q, "C")}</TableCell>
              <TableCell label="D">{option(q, "D")}</TableCell>
              <TableCell label={t("Skipped")}>{q.options.skipped}</TableCell>
              <TableCell label={t("Avg time")}>{seconds(q.averageSeconds)}</TableCell>
              <TableCell label={t("Flag")}>
                {q.checkKey ? (
                  <Badge
                    variant="warning"
                    title={t("Top scorers chose {{option}} more often", { option: q.checkKey })}
                  >
                    {t(CHECK_KEY_LABEL)}
                  </Badge>
                ) : (
                  "—"
                )}
                {q.checkKey ? (
                  <span className="sr-only">
                    {t(": top scorers chose {{option}} more often than the key", {
                      option: q.checkKey,
                    })}
                  </span>
                ) : null}
              </TableCell>
              <TableCell label={t("Actions")} className="text-right">
                <Button asChild variant="outline" size="sm">
                  <Link
                    to={props.editPath(q)}
                    aria-label={t("Edit question {{number}}", { number: q.number })}
                  >
                    {t("Edit")}
                  </Link>
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

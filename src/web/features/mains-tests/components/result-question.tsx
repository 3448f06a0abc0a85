import { Badge } from "@web/components/ui/badge.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { contentLang, usePickText } from "@web/lib/content-language.ts";
import { formatNumber } from "@web/lib/format.ts";
import { i18n } from "@web/lib/i18n.ts";
import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { ReevaluationOutcome } from "../../../../shared/mains-tests.ts";
import type { MainsResultQuestion } from "../api/mains-result.ts";
import { ResultCopy } from "./result-copy.tsx";

export function marksOutOf(marks: number, outOf: number): string {
  return i18n.t("{{marks}} / {{outOf}}", {
    marks: formatNumber(marks),
    outOf: formatNumber(outOf),
  });
}

const OUTCOME_TEXT: Record<ReevaluationOutcome, string> = {
  raised: msg("Re-evaluated: marks raised"),
  unchanged: msg("Re-evaluated: marks unchanged"),
  lowered: msg("Re-evaluated: marks lowered"),
};
const STAGE_TEXT = {
  waiting: msg("Re-evaluation asked: waiting for a mentor"),
  marking: msg("Re-evaluation asked: being marked"),
  done: msg("Re-evaluation done"),
} as const;

/** Your marks, the average and the top tenth's average, as bars of the question's maximum. */
function Comparison({ question }: { question: MainsResultQuestion }) {
  const { t } = useTranslation();
  const rows: [string, number | null, string][] = [
    [t("Your marks"), question.marks, "bg-primary"],
    [t("Average"), question.average, "bg-muted-foreground/60"],
    [t("Top 10%"), question.topTenAverage, "bg-success"],
  ];
  return (
    <dl className="grid gap-1.5 text-sm">
      {rows.map(([label, value, colour]) => (
        <div
          key={label}
          className="grid grid-cols-[6.5rem_minmax(0,1fr)_3.5rem] items-center gap-2"
        >
          <dt className="text-muted-foreground">{label}</dt>
          <div aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-muted">
            <div
              className={`h-full rounded-full ${colour}`}
              style={{ width: `${Math.min(100, ((value ?? 0) / question.maxMarks) * 100)}%` }}
            />
          </div>
          <dd className="text-right tabular-nums">{value === null ? "—" : formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A section that opens on a tap (a native disclosure: keyboard and screen readers for free). */
function Expandable(props: { summary: ReactNode; children: ReactNode }) {
  return (
    <details className="group rounded-md border border-border">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-3 py-2 font-medium [&::-webkit-details-marker]:hidden">
        <span>{props.summary}</span>
        <ChevronDown
          className="size-4 shrink-0 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <div className="grid gap-3 border-t border-border p-3">{props.children}</div>
    </details>
  );
}

function Feedback({ question }: { question: MainsResultQuestion }) {
  const { t } = useTranslation();
  const feedback = question.feedback;
  if (!feedback) return null;
  return (
    <Expandable summary={t("Mentor's feedback")}>
      {feedback.doubleMarked ? (
        <p className="text-sm text-muted-foreground">
          {t(
            "Two mentors marked this answer: your marks are the mean of both. This is the first mentor's feedback.",
          )}
        </p>
      ) : null}
      {feedback.round === "reeval" ? (
        <p className="text-sm text-muted-foreground">
          {t("This is the re-evaluation's feedback.")}
        </p>
      ) : null}
      {feedback.rubric.length > 0 ? (
        <Table>
          <caption className="sr-only">{t("Marks for each part of the rubric")}</caption>
          <TableHeader>
            <TableRow>
              <TableHead>{t("Part")}</TableHead>
              <TableHead className="text-right">{t("Marks")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {feedback.rubric.map((part) => (
              <TableRow key={part.name}>
                <TableCell>{t(part.name)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {part.marks === null
                    ? t("{{marks}} / {{outOf}}", { marks: "—", outOf: formatNumber(part.max) })
                    : marksOutOf(part.marks, part.max)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {feedback.comment ? (
        <p
          lang={contentLang(feedback.comment)}
          className="whitespace-pre-wrap break-words rounded-md bg-muted/50 p-3 text-sm"
        >
          {feedback.comment}
        </p>
      ) : null}
      {question.copy ? (
        <ResultCopy
          copy={question.copy}
          annotations={feedback.annotations}
          label={t("Your marked answer")}
        />
      ) : null}
    </Expandable>
  );
}

function Topper({ question }: { question: MainsResultQuestion }) {
  const { t } = useTranslation();
  const topper = question.topper;
  if (!topper) return null;
  const name = topper.isYou ? t("You") : (topper.name ?? t("A topper"));
  return (
    <Expandable
      summary={t("Topper's answer: {{marks}}", {
        marks: marksOutOf(topper.marks, question.maxMarks),
      })}
    >
      <p className="text-sm text-muted-foreground">
        {topper.isYou
          ? t("Yours is the best answer shared for this question.")
          : t("Written by {{name}}, shared with their consent.", { name })}
      </p>
      <ResultCopy copy={topper.copy} label={t("The topper's answer")} />
    </Expandable>
  );
}

/** One question of the result: the marks, the comparison, the feedback and the topper's copy. */
export function ResultQuestion({ question }: { question: MainsResultQuestion }) {
  const { t } = useTranslation();
  const pick = usePickText();
  const text = pick(question.questionText, question.questionTextHi);
  const headingId = `question-${question.testQuestionId}`;
  const reevaluation = question.reevaluation;
  return (
    <li aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={headingId} className="font-semibold">
          {t("Question {{number}}", { number: question.position })}
        </h3>
        <p className="text-lg font-bold tabular-nums">
          {question.marks === null ? (
            <span className="text-sm font-normal text-muted-foreground">{t("Not answered")}</span>
          ) : (
            marksOutOf(question.marks, question.maxMarks)
          )}
        </p>
      </div>
      <p lang={text.lang} className="line-clamp-3 text-sm">
        {text.text}
      </p>
      {question.moderated || reevaluation ? (
        <div className="flex flex-wrap gap-2">
          {question.moderated ? <Badge variant="outline">{t("Moderated")}</Badge> : null}
          {reevaluation ? (
            <Badge variant={reevaluation.outcome === "raised" ? "success" : "secondary"}>
              {t(
                reevaluation.outcome
                  ? OUTCOME_TEXT[reevaluation.outcome]
                  : STAGE_TEXT[reevaluation.stage],
              )}
            </Badge>
          ) : null}
        </div>
      ) : null}
      {question.moderated ? (
        <p className="text-xs text-muted-foreground">
          {t("Your mentor's marks were adjusted after calibration.")}
        </p>
      ) : null}
      {reevaluation?.outcome ? (
        <p className="text-xs text-muted-foreground">
          {t("Before re-evaluation: {{marks}}", {
            marks: marksOutOf(reevaluation.marksBefore, question.maxMarks),
          })}
        </p>
      ) : null}
      <Comparison question={question} />
      <Feedback question={question} />
      <Topper question={question} />
    </li>
  );
}

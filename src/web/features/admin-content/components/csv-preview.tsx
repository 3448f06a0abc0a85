import { Badge } from "@web/components/ui/badge.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { CsvQuestion } from "../../../../shared/question-csv.ts";
import type { DuplicateFlag } from "../../../../shared/question-duplicates.ts";
import { questionMarkupToPlainText } from "../../../../shared/question-markup.ts";
import { QUESTION_DIFFICULTY_LABELS } from "../../../../shared/taxonomy.ts";

export type TargetKind = "exam" | "quiz";

/** What the upload says about the chosen exam or quiz, in a sentence of each kind's own. */
export const TARGET_TEXT: Record<
  TargetKind,
  { already: string; alreadyRow: string; checking: string; checkFailed: string }
> = {
  exam: {
    already: msg("Already in this exam"),
    alreadyRow: msg("Row {{row}}: already in this exam."),
    checking: msg("Checking for questions already in this exam..."),
    checkFailed: msg(
      "Could not check for duplicates in this exam: {{message}} The upload checks again.",
    ),
  },
  quiz: {
    already: msg("Already in this quiz"),
    alreadyRow: msg("Row {{row}}: already in this quiz."),
    checking: msg("Checking for questions already in this quiz..."),
    checkFailed: msg(
      "Could not check for duplicates in this quiz: {{message}} The upload checks again.",
    ),
  },
};

function duplicateLabel(t: TFunction, flag: DuplicateFlag, targetKind: TargetKind) {
  return flag.reason === "file"
    ? t("Duplicate of row {{row}}", { row: flag.firstRow })
    : t(TARGET_TEXT[targetKind].already);
}

/** The flagged rows, the "Skip duplicates" choice and what it will do. */
export function DuplicatesPanel(props: {
  duplicates: DuplicateFlag[];
  targetKind: TargetKind;
  skip: boolean;
  onSkipChange: (skip: boolean) => void;
}) {
  const { t } = useTranslation();
  if (props.duplicates.length === 0) return null;
  const count = props.duplicates.length;
  return (
    <div className="grid gap-1 rounded-md bg-amber-50 p-2 text-sm text-amber-950">
      <ul aria-label={t("Duplicate rows")} className="max-h-32 overflow-y-auto">
        {props.duplicates.map((d) => (
          <li key={d.row}>
            {d.reason === "file"
              ? t("Row {{row}}: the same question as row {{firstRow}}.", {
                  row: d.row,
                  firstRow: d.firstRow,
                })
              : t(TARGET_TEXT[props.targetKind].alreadyRow, { row: d.row })}
          </li>
        ))}
      </ul>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium">
        <input
          type="checkbox"
          className="size-5 accent-primary"
          checked={props.skip}
          onChange={(e) => props.onSkipChange(e.target.checked)}
        />
        {t("Skip duplicates")}
      </label>
      <p role="status" className="font-medium">
        {props.skip
          ? t("{{count}} duplicates will be skipped", { count })
          : t("{{count}} duplicates will be imported anyway", { count })}
      </p>
    </div>
  );
}

type MissingTags = { subjects: string[]; topics: { subject: string; topic: string }[] };

/**
 * The subjects and topics the file names that do not exist yet, and the choice to create them
 * with the import (otherwise their rows are skipped as errors).
 */
export function MissingTagsPanel(props: {
  missing: MissingTags | undefined;
  create: boolean;
  onCreateChange: (create: boolean) => void;
}) {
  const { t } = useTranslation();
  const missing = props.missing;
  if (!missing || (missing.subjects.length === 0 && missing.topics.length === 0)) return null;
  return (
    <div className="grid gap-1 rounded-md bg-sky-50 p-2 text-sm text-sky-950">
      {missing.subjects.length > 0 ? (
        <p>{t("New subjects: {{names}}.", { names: missing.subjects.join(", ") })}</p>
      ) : null}
      {missing.topics.length > 0 ? (
        <p>
          {t("New topics: {{names}}.", {
            names: missing.topics.map((x) => `${x.subject} / ${x.topic}`).join(", "),
          })}
        </p>
      ) : null}
      <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium">
        <input
          type="checkbox"
          className="size-5 accent-primary"
          checked={props.create}
          onChange={(e) => props.onCreateChange(e.target.checked)}
        />
        {t("Create missing subjects and topics")}
      </label>
    </div>
  );
}

function tagsOf(t: TFunction, q: CsvQuestion) {
  return [
    q.subject && (q.topic ? `${q.subject} · ${q.topic}` : q.subject),
    q.difficulty && t(QUESTION_DIFFICULTY_LABELS[q.difficulty]),
    q.pyqYear && t("PYQ {{year}}", { year: q.pyqYear }),
  ].filter(Boolean);
}

/** The first rows of the file, each duplicate with its badge. */
export function PreviewTable(props: {
  questions: (CsvQuestion & { row: number })[];
  flagOf: Map<number, DuplicateFlag>;
  targetKind: TargetKind;
}) {
  const { t } = useTranslation();
  return (
    <div className="max-h-64 overflow-y-auto">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t("Row")}</TableHead>
            <TableHead>{t("Question")}</TableHead>
            <TableHead>{t("Answer")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {props.questions.map((q) => {
            const flag = props.flagOf.get(q.row);
            const tags = tagsOf(t, q);
            return (
              <TableRow key={q.row} className={flag ? "bg-amber-50/60" : undefined}>
                <TableCell>{q.row}</TableCell>
                <TableCell>
                  <p className="line-clamp-2">{questionMarkupToPlainText(q.questionText)}</p>
                  {tags.length > 0 ? (
                    <p className="text-xs text-muted-foreground">{tags.join(" · ")}</p>
                  ) : null}
                  {flag ? (
                    <Badge variant="warning" className="mt-1">
                      {duplicateLabel(t, flag, props.targetKind)}
                    </Badge>
                  ) : null}
                </TableCell>
                <TableCell>
                  {q.correctAnswer}. {questionMarkupToPlainText(q.options[q.correctAnswer])}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

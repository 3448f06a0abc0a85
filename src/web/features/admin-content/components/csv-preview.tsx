import { Badge } from "@web/components/ui/badge.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import type { CsvQuestion } from "../../../../shared/question-csv.ts";
import type { DuplicateFlag } from "../../../../shared/question-duplicates.ts";
import { questionMarkupToPlainText } from "../../../../shared/question-markup.ts";
import { QUESTION_DIFFICULTY_LABELS } from "../../../../shared/taxonomy.ts";

type TargetKind = "exam" | "quiz";

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function duplicateLabel(flag: DuplicateFlag, targetKind: TargetKind) {
  return flag.reason === "file"
    ? `Duplicate of row ${flag.firstRow}`
    : `Already in this ${targetKind}`;
}

/** The flagged rows, the "Skip duplicates" choice and what it will do. */
export function DuplicatesPanel(props: {
  duplicates: DuplicateFlag[];
  targetKind: TargetKind;
  skip: boolean;
  onSkipChange: (skip: boolean) => void;
}) {
  if (props.duplicates.length === 0) return null;
  return (
    <div className="grid gap-1 rounded-md bg-amber-50 p-2 text-sm text-amber-950">
      <ul aria-label="Duplicate rows" className="max-h-32 overflow-y-auto">
        {props.duplicates.map((d) => (
          <li key={d.row}>
            Row {d.row}:{" "}
            {d.reason === "file"
              ? `the same question as row ${d.firstRow}.`
              : `already in this ${props.targetKind}.`}
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
        Skip duplicates
      </label>
      <p role="status" className="font-medium">
        {plural(props.duplicates.length, "duplicate")}{" "}
        {props.skip ? "will be skipped" : "will be imported anyway"}
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
  const missing = props.missing;
  if (!missing || (missing.subjects.length === 0 && missing.topics.length === 0)) return null;
  return (
    <div className="grid gap-1 rounded-md bg-sky-50 p-2 text-sm text-sky-950">
      {missing.subjects.length > 0 ? <p>New subjects: {missing.subjects.join(", ")}.</p> : null}
      {missing.topics.length > 0 ? (
        <p>New topics: {missing.topics.map((t) => `${t.subject} / ${t.topic}`).join(", ")}.</p>
      ) : null}
      <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium">
        <input
          type="checkbox"
          className="size-5 accent-primary"
          checked={props.create}
          onChange={(e) => props.onCreateChange(e.target.checked)}
        />
        Create missing subjects and topics
      </label>
    </div>
  );
}

function tagsOf(q: CsvQuestion) {
  return [
    q.subject && (q.topic ? `${q.subject} · ${q.topic}` : q.subject),
    q.difficulty && QUESTION_DIFFICULTY_LABELS[q.difficulty],
    q.pyqYear && `PYQ ${q.pyqYear}`,
  ].filter(Boolean);
}

/** The first rows of the file, each duplicate with its badge. */
export function PreviewTable(props: {
  questions: (CsvQuestion & { row: number })[];
  flagOf: Map<number, DuplicateFlag>;
  targetKind: TargetKind;
}) {
  return (
    <div className="max-h-64 overflow-y-auto">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Row</TableHead>
            <TableHead>Question</TableHead>
            <TableHead>Answer</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {props.questions.map((q) => {
            const flag = props.flagOf.get(q.row);
            return (
              <TableRow key={q.row} className={flag ? "bg-amber-50/60" : undefined}>
                <TableCell>{q.row}</TableCell>
                <TableCell>
                  <p className="line-clamp-2">{questionMarkupToPlainText(q.questionText)}</p>
                  {tagsOf(q).length > 0 ? (
                    <p className="text-xs text-muted-foreground">{tagsOf(q).join(" · ")}</p>
                  ) : null}
                  {flag ? (
                    <Badge variant="warning" className="mt-1">
                      {duplicateLabel(flag, props.targetKind)}
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

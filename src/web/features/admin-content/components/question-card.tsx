import { QuestionText } from "@web/components/rich-text/rich-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { RowActions } from "@web/components/ui/row-actions.tsx";
import { useTranslation } from "react-i18next";
import { OPTION_KEYS } from "../../../../shared/constants.ts";
import { QUESTION_DIFFICULTY_LABELS } from "../../../../shared/taxonomy.ts";
import type { AdminQuestion } from "../api/questions.ts";

/** One question of the admin's list: its text, owner, tags, options and explanation. */
export function QuestionCard(props: {
  question: AdminQuestion;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const q = props.question;
  const checkboxId = `select-question-${q.id}`;
  return (
    <li className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-border bg-background p-4 shadow-sm">
      <div className="flex items-start gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-primary"
          checked={props.selected}
          onChange={(e) => props.onSelect(e.target.checked)}
        />
        <label htmlFor={checkboxId} className="min-w-0 flex-1">
          <span className="sr-only">{t("Select question:")} </span>
          <QuestionText as="span" className="block" text={q.questionText} />
        </label>
        <RowActions label={t("question")} onEdit={props.onEdit} onDelete={props.onDelete} />
      </div>
      <div className="flex flex-wrap gap-2 text-xs">
        <Badge variant="secondary">
          {q.quiz ? t("Quiz: {{title}}", { title: q.quiz.title }) : q.exam?.title}
        </Badge>
        {q.translations.hi ? (
          <Badge variant="outline" lang="hi" title={t("Has a Hindi version")}>
            हिन्दी
          </Badge>
        ) : null}
        <Badge variant="success">{t("Correct: {{answer}}", { answer: q.correctAnswer })}</Badge>
        {q.subject ? (
          <Badge variant="outline">
            {q.topic ? `${q.subject.name} · ${q.topic.name}` : q.subject.name}
          </Badge>
        ) : (
          <Badge variant="outline" className="text-muted-foreground">
            {t("Untagged")}
          </Badge>
        )}
        {q.difficulty ? (
          <Badge variant="outline">{t(QUESTION_DIFFICULTY_LABELS[q.difficulty])}</Badge>
        ) : null}
        {q.pyqYear ? (
          <Badge variant="outline">{t("PYQ {{year}}", { year: q.pyqYear })}</Badge>
        ) : null}
      </div>
      <ul className="grid gap-1 text-sm sm:grid-cols-2">
        {OPTION_KEYS.map((key) => (
          <li
            key={key}
            className={key === q.correctAnswer ? "font-semibold text-success" : undefined}
          >
            {key}. <QuestionText as="span" text={q.options[key]} />
          </li>
        ))}
      </ul>
      {q.explanation ? (
        <div className="rounded-md bg-muted p-2 text-sm">
          {t("Explanation:")} <QuestionText as="span" text={q.explanation} />
        </div>
      ) : null}
    </li>
  );
}

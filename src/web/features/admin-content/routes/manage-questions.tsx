import { EXAM_MESSAGES } from "../../../../shared/exams.ts";
import "@web/lib/devanagari-font.ts";
import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { QuestionText } from "@web/components/rich-text/rich-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { RowActions } from "@web/components/ui/row-actions.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { useDisclosure } from "@web/hooks/use-disclosure.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { Tags, Upload } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { OPTION_KEYS } from "../../../../shared/constants.ts";
import {
  QUESTION_DIFFICULTY_LABELS,
  QUESTION_TAG_MAX_BATCH,
  UNTAGGED,
} from "../../../../shared/taxonomy.ts";
import { useExamOptions } from "../api/exams.ts";
import {
  type AdminQuestion,
  adminQuestionsQueryOptions,
  useDeleteQuestion,
} from "../api/questions.ts";
import { useQuizOptions } from "../api/quizzes.ts";
import { useSubjectOptions } from "../api/subjects.ts";
import { BulkTagDialog } from "../components/bulk-tag-dialog.tsx";
import { CsvUploadDialog } from "../components/csv-upload-dialog.tsx";
import { QuestionDialog } from "../components/question-dialog.tsx";
import { DifficultyOptions, NamedOptions, topicsOf } from "../components/question-tag-fields.tsx";
import { parseTarget, TargetSelect } from "../components/target-select.tsx";

function QuestionCard(props: {
  question: AdminQuestion;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const q = props.question;
  const checkboxId = `select-question-${q.id}`;
  return (
    <li className="grid gap-3 rounded-lg border border-border bg-background p-4 shadow-sm">
      <div className="flex items-start gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-primary"
          checked={props.selected}
          onChange={(e) => props.onSelect(e.target.checked)}
        />
        <label htmlFor={checkboxId} className="min-w-0 flex-1">
          <span className="sr-only">Select question: </span>
          <QuestionText as="span" className="block" text={q.questionText} />
        </label>
        <RowActions label="question" onEdit={props.onEdit} onDelete={props.onDelete} />
      </div>
      <div className="flex flex-wrap gap-2 text-xs">
        <Badge variant="secondary">{q.quiz ? `Quiz: ${q.quiz.title}` : q.exam?.title}</Badge>
        {q.translations.hi ? (
          <Badge variant="outline" lang="hi" title="Has a Hindi version">
            हिन्दी
          </Badge>
        ) : null}
        <Badge variant="success">Correct: {q.correctAnswer}</Badge>
        {q.subject ? (
          <Badge variant="outline">
            {q.topic ? `${q.subject.name} · ${q.topic.name}` : q.subject.name}
          </Badge>
        ) : (
          <Badge variant="outline" className="text-muted-foreground">
            Untagged
          </Badge>
        )}
        {q.difficulty ? (
          <Badge variant="outline">{QUESTION_DIFFICULTY_LABELS[q.difficulty]}</Badge>
        ) : null}
        {q.pyqYear ? <Badge variant="outline">PYQ {q.pyqYear}</Badge> : null}
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
          Explanation: <QuestionText as="span" text={q.explanation} />
        </div>
      ) : null}
    </li>
  );
}

export function ManageQuestionsPage() {
  // ?quizId=… (from the quiz screen) or ?examId=… opens the list filtered to that one.
  const [params] = useSearchParams();
  const [target, setTarget] = useState(() => {
    const quizId = params.get("quizId");
    const examId = params.get("examId");
    return quizId ? `quiz:${quizId}` : examId ? `exam:${examId}` : "";
  });
  const { examId, quizId } = parseTarget(target);
  const exams = useExamOptions();
  const quizOptions = useQuizOptions();
  const remove = useDeleteQuestion();
  const upload = useDisclosure();
  const bulkTag = useDisclosure();
  const subjects = useSubjectOptions().data ?? [];
  const [tagFilter, setTagFilter] = useState({
    subjectId: "",
    topicId: "",
    difficulty: "",
    year: "",
  });
  const year = /^\d{4}$/.test(tagFilter.year) ? tagFilter.year : "";
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const filterTopics =
    tagFilter.subjectId && tagFilter.subjectId !== UNTAGGED
      ? topicsOf(subjects, tagFilter.subjectId)
      : [];
  const examList = exams.data ?? [];
  const quizList = quizOptions.data ?? [];
  const cannotAdd =
    exams.isPending || quizOptions.isPending || (examList.length === 0 && quizList.length === 0);

  return (
    <ResourceList
      title="Manage Questions"
      actions={() => (
        <Button variant="outline" onClick={() => upload.open()} disabled={cannotAdd}>
          <Upload aria-hidden="true" /> Bulk Upload
        </Button>
      )}
      create={{ label: "Add Question", disabled: cannotAdd }}
      search={{
        id: "question-search",
        label: "Search questions",
        placeholder: "Search questions or exam titles...",
      }}
      filters={
        <div>
          <Label htmlFor="question-exam-filter" className="sr-only">
            Filter by exam or quiz
          </Label>
          <TargetSelect
            id="question-exam-filter"
            exams={examList}
            quizzes={quizList}
            emptyLabel="All Exams"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          />
        </div>
      }
      filterKey={[target, tagFilter.subjectId, tagFilter.topicId, tagFilter.difficulty, year].join(
        "|",
      )}
      notice={
        <>
          {examList.length === 0 && quizList.length === 0 && !exams.isPending ? (
            <p role="alert" className="rounded-md bg-amber-100 p-3 text-sm text-amber-900">
              {EXAM_MESSAGES.noExamsForQuestions}
            </p>
          ) : null}
          <fieldset className="grid gap-3 sm:grid-cols-4">
            <legend className="sr-only">Filter by tags</legend>
            <div>
              <Label htmlFor="question-subject-filter" className="sr-only">
                Filter by subject
              </Label>
              <Select
                id="question-subject-filter"
                value={tagFilter.subjectId}
                onChange={(e) =>
                  setTagFilter((f) => ({ ...f, subjectId: e.target.value, topicId: "" }))
                }
              >
                <option value="">All Subjects</option>
                <option value={UNTAGGED}>Untagged</option>
                <NamedOptions items={subjects} />
              </Select>
            </div>
            <div>
              <Label htmlFor="question-topic-filter" className="sr-only">
                Filter by topic
              </Label>
              <Select
                id="question-topic-filter"
                value={tagFilter.topicId}
                disabled={filterTopics.length === 0}
                onChange={(e) => setTagFilter((f) => ({ ...f, topicId: e.target.value }))}
              >
                <option value="">All Topics</option>
                <NamedOptions items={filterTopics} />
              </Select>
            </div>
            <div>
              <Label htmlFor="question-difficulty-filter" className="sr-only">
                Filter by difficulty
              </Label>
              <Select
                id="question-difficulty-filter"
                value={tagFilter.difficulty}
                onChange={(e) => setTagFilter((f) => ({ ...f, difficulty: e.target.value }))}
              >
                <option value="">All Difficulties</option>
                <DifficultyOptions />
              </Select>
            </div>
            <div>
              <Label htmlFor="question-year-filter" className="sr-only">
                Filter by year
              </Label>
              <Input
                id="question-year-filter"
                type="number"
                inputMode="numeric"
                placeholder="Any year"
                value={tagFilter.year}
                onChange={(e) => setTagFilter((f) => ({ ...f, year: e.target.value }))}
              />
            </div>
          </fieldset>
        </>
      }
      query={(filter) =>
        adminQuestionsQueryOptions({
          ...filter,
          examId: examId ?? undefined,
          quizId: quizId ?? undefined,
          subjectId: tagFilter.subjectId || undefined,
          topicId: tagFilter.topicId || undefined,
          difficulty: tagFilter.difficulty || undefined,
          year: year || undefined,
        })
      }
      loadingLabel="Loading questions..."
      errorTitle="Error fetching data"
      empty={{
        title: "No questions found.",
        filtered: "Try adjusting your search or filter.",
        action: (openCreate) => (
          <Button onClick={openCreate} disabled={cannotAdd}>
            Add Your First Question
          </Button>
        ),
      }}
      renderRows={(rows, row) => {
        const allOnPage = rows.length > 0 && rows.every((q) => selected.has(q.id));
        return (
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center gap-3 rounded-md border border-border p-2">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-5 accent-primary"
                  checked={allOnPage}
                  onChange={(e) =>
                    select(
                      rows.map((q) => q.id),
                      e.target.checked,
                    )
                  }
                />
                Select all on this page
              </label>
              <span className="flex-1 text-sm text-muted-foreground" aria-live="polite">
                {selected.size} selected
              </span>
              {selected.size > 0 ? (
                <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                  Clear selection
                </Button>
              ) : null}
              <Button
                size="sm"
                onClick={() => bulkTag.open()}
                disabled={selected.size === 0 || selected.size > QUESTION_TAG_MAX_BATCH}
              >
                <Tags aria-hidden="true" /> Tag selected
              </Button>
            </div>
            <ul className="grid gap-3">
              {rows.map((q) => (
                <QuestionCard
                  key={q.id}
                  question={q}
                  selected={selected.has(q.id)}
                  onSelect={(on) => select([q.id], on)}
                  onEdit={() => row.edit(q)}
                  onDelete={() => row.remove(q)}
                />
              ))}
            </ul>
          </div>
        );
      }}
      form={(form) => (
        <QuestionDialog
          open={form.open}
          onOpenChange={form.onOpenChange}
          question={form.row}
          exams={examList}
          quizzes={quizList}
          defaultTarget={target}
        />
      )}
      remove={{
        title: "Confirm Deletion",
        description: () =>
          "Are you sure you want to delete this question? Students' answers to it will be deleted too. This action cannot be undone.",
        run: async (q) => {
          try {
            await remove.mutateAsync(q.id);
            select([q.id], false);
            notify.success("Success", "Question and related answers deleted successfully.");
          } catch (error) {
            notify.error("Error deleting question", errorMessage(error));
          }
        },
      }}
    >
      <CsvUploadDialog
        open={upload.isOpen}
        onOpenChange={upload.onOpenChange}
        exams={examList}
        quizzes={quizList}
        defaultTarget={target}
      />
      <BulkTagDialog
        open={bulkTag.isOpen}
        onOpenChange={bulkTag.onOpenChange}
        questionIds={[...selected]}
        onTagged={() => setSelected(new Set())}
      />
    </ResourceList>
  );
}

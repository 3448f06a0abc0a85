import { InlineAlert } from "@web/components/ui/states.tsx";
import { EXAM_MESSAGES } from "../../../../shared/exams.ts";
import "@web/lib/devanagari-font.ts";
import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { useDisclosure } from "@web/hooks/use-disclosure.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { Tags, Upload } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { QUESTION_TAG_MAX_BATCH } from "../../../../shared/taxonomy.ts";
import { useExamOptions } from "../api/exams.ts";
import { adminQuestionsQueryOptions, useDeleteQuestion } from "../api/questions.ts";
import { useQuizOptions } from "../api/quizzes.ts";
import { useSubjectOptions } from "../api/subjects.ts";
import { BulkTagDialog } from "../components/bulk-tag-dialog.tsx";
import { CsvUploadDialog } from "../components/csv-upload-dialog.tsx";
import { QuestionCard } from "../components/question-card.tsx";
import { QuestionDialog } from "../components/question-dialog.tsx";
import { ANY_TAGS, FilterSelect, QuestionTagFilters } from "../components/question-filters.tsx";
import { parseTarget, TargetOptions } from "../components/target-select.tsx";

export function ManageQuestionsPage() {
  const { t } = useTranslation();
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
  const [tagFilter, setTagFilter] = useState(ANY_TAGS);
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
  const examList = exams.data ?? [];
  const quizList = quizOptions.data ?? [];
  const cannotAdd =
    exams.isPending || quizOptions.isPending || (examList.length === 0 && quizList.length === 0);

  return (
    <ResourceList
      title={t("Manage Questions")}
      actions={() => (
        <Button variant="outline" onClick={() => upload.open()} disabled={cannotAdd}>
          <Upload aria-hidden="true" /> {t("Bulk Upload")}
        </Button>
      )}
      create={{ label: t("Add Question"), disabled: cannotAdd }}
      search={{
        id: "question-search",
        label: t("Search questions"),
        placeholder: t("Search questions or exam titles..."),
      }}
      filters={
        <FilterSelect
          id="question-exam-filter"
          label={t("Filter by exam or quiz")}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        >
          <TargetOptions exams={examList} quizzes={quizList} emptyLabel={t("All Exams")} />
        </FilterSelect>
      }
      filterKey={[target, tagFilter.subjectId, tagFilter.topicId, tagFilter.difficulty, year].join(
        "|",
      )}
      notice={
        <>
          {examList.length === 0 && quizList.length === 0 && !exams.isPending ? (
            <InlineAlert className="rounded-md bg-amber-100 p-3 text-sm text-amber-900">
              {t(EXAM_MESSAGES.noExamsForQuestions)}
            </InlineAlert>
          ) : null}
          <QuestionTagFilters value={tagFilter} onChange={setTagFilter} subjects={subjects} />
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
      loadingLabel={t("Loading questions...")}
      errorTitle={t("Error fetching data")}
      empty={{
        title: t("No questions found."),
        filtered: t("Try adjusting your search or filter."),
        action: (openCreate) => (
          <Button onClick={openCreate} disabled={cannotAdd}>
            {t("Add Your First Question")}
          </Button>
        ),
      }}
      renderRows={(rows, row) => {
        const allOnPage = rows.length > 0 && rows.every((q) => selected.has(q.id));
        return (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
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
                {t("Select all on this page")}
              </label>
              <span className="flex-1 text-sm text-muted-foreground" aria-live="polite">
                {t("{{number}} selected", { number: selected.size })}
              </span>
              {selected.size > 0 ? (
                <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                  {t("Clear selection")}
                </Button>
              ) : null}
              <Button
                size="sm"
                onClick={() => bulkTag.open()}
                disabled={selected.size === 0 || selected.size > QUESTION_TAG_MAX_BATCH}
              >
                <Tags aria-hidden="true" /> {t("Tag selected")}
              </Button>
            </div>
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
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
        title: t("Confirm Deletion"),
        description: () =>
          t(
            "Are you sure you want to delete this question? Students' answers to it will be deleted too. This action cannot be undone.",
          ),
        run: async (q) => {
          try {
            await remove.mutateAsync(q.id);
            select([q.id], false);
            notify.success(t("Success"), t("Question and related answers deleted successfully."));
          } catch (error) {
            notify.error(t("Error deleting question"), errorMessage(error));
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

import { EXAM_MESSAGES } from "../../../../shared/exams.ts";
import "@web/lib/devanagari-font.ts";
import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { RowActions } from "@web/components/ui/row-actions.tsx";
import { useDisclosure } from "@web/hooks/use-disclosure.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { Upload } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { OPTION_KEYS } from "../../../../shared/constants.ts";
import { useExamOptions } from "../api/exams.ts";
import {
  type AdminQuestion,
  adminQuestionsQueryOptions,
  useDeleteQuestion,
} from "../api/questions.ts";
import { useQuizOptions } from "../api/quizzes.ts";
import { CsvUploadDialog } from "../components/csv-upload-dialog.tsx";
import { QuestionDialog } from "../components/question-dialog.tsx";
import { parseTarget, TargetSelect } from "../components/target-select.tsx";

function QuestionCard(props: {
  question: AdminQuestion;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const q = props.question;
  return (
    <li className="grid gap-3 rounded-lg border border-border bg-background p-4 shadow-sm">
      <div className="flex items-start gap-2">
        <p className="flex-1 font-medium">{q.questionText}</p>
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
      </div>
      <ul className="grid gap-1 text-sm sm:grid-cols-2">
        {OPTION_KEYS.map((key) => (
          <li
            key={key}
            className={key === q.correctAnswer ? "font-semibold text-success" : undefined}
          >
            {key}. {q.options[key]}
          </li>
        ))}
      </ul>
      {q.explanation ? (
        <p className="rounded-md bg-muted p-2 text-sm">Explanation: {q.explanation}</p>
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
      filterKey={target}
      notice={
        examList.length === 0 && quizList.length === 0 && !exams.isPending ? (
          <p role="alert" className="rounded-md bg-amber-100 p-3 text-sm text-amber-900">
            {EXAM_MESSAGES.noExamsForQuestions}
          </p>
        ) : null
      }
      query={(filter) =>
        adminQuestionsQueryOptions({
          ...filter,
          examId: examId ?? undefined,
          quizId: quizId ?? undefined,
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
      renderRows={(rows, row) => (
        <ul className="grid gap-3">
          {rows.map((q) => (
            <QuestionCard
              key={q.id}
              question={q}
              onEdit={() => row.edit(q)}
              onDelete={() => row.remove(q)}
            />
          ))}
        </ul>
      )}
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
    </ResourceList>
  );
}

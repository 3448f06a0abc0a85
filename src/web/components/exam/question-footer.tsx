import { DiscussionSection } from "../question-discussion/discussion-section.tsx";
import { ReportErrorButton } from "../question-report/report-error-button.tsx";

/**
 * Below a reviewed question whose key the student may see (decision 064): "Report an error" and
 * the question's discussion with its count. Shown only where the key gate has opened the key, so
 * neither is offered before the student answered the question.
 */
export function QuestionFooter(props: { questionId: string; discussionCount: number }) {
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <ReportErrorButton questionId={props.questionId} />
      </div>
      <DiscussionSection questionId={props.questionId} count={props.discussionCount} />
    </div>
  );
}

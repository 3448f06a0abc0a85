import { Button } from "@web/components/ui/button.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { i18n } from "@web/lib/i18n.ts";
import { Link } from "react-router";
import type { AttemptReview } from "../api/attempts.ts";
import { ExamSummary } from "../components/exam-summary.tsx";
import type { PageContext } from "./kind.ts";

/** A message in place of the attempt, with one way back (both already in the interface language). */
export function Centered(props: { text: string; back: { to: string; label: string } }) {
  return (
    <div className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
      <InlineAlert className="text-lg font-semibold">{props.text}</InlineAlert>
      <Button asChild variant="outline" className="justify-self-center">
        <Link to={props.back.to}>{props.back.label}</Link>
      </Button>
    </div>
  );
}

export const toDashboard = (page: PageContext) => ({
  to: page.dashboardPath,
  label: i18n.t("Back to Dashboard"),
});

/** The exam's summary in place of the runner (an exam, a practice test, a revision session). */
export function summaryReview(review: AttemptReview, page: PageContext) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <ExamSummary review={review} dashboardPath={page.dashboardPath} language={page.language} />
    </div>
  );
}

import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ATTEMPT_LINKS } from "@web/lib/attempt-links.ts";
import { formatInProgress } from "@web/lib/format.ts";
import { Link } from "react-router";
import { useOpenAttempts } from "../api/get-open-attempts.ts";

/** Exams the student started and has not submitted; hidden when there are none. */
export function InProgressList() {
  const attempts = useOpenAttempts();
  if (!attempts.data || attempts.data.length === 0) return null;
  return (
    <section aria-labelledby="in-progress-title" className="grid gap-3">
      <h2 id="in-progress-title" className="text-lg font-semibold">
        Continue where you left off
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {attempts.data.map((a) => (
          <li
            key={a.attemptId}
            className="grid gap-2 rounded-lg border border-border bg-background p-4 shadow-sm"
          >
            <Badge className="justify-self-start">{formatInProgress(a.secondsLeft)}</Badge>
            <p className="font-semibold">{a.title}</p>
            <p className="text-sm text-muted-foreground">
              {ATTEMPT_LINKS[a.kind].label
                ? `${ATTEMPT_LINKS[a.kind].label} · Attempt #${a.attemptNumber ?? 1} · `
                : ""}
              {a.answered} of {a.numQuestions} answered
            </p>
            <Button asChild size="sm" className="justify-self-start">
              <Link to={ATTEMPT_LINKS[a.kind].path(a.targetId)} aria-label={`Resume ${a.title}`}>
                Resume
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

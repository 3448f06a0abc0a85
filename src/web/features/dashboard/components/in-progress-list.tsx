import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ATTEMPT_LINKS } from "@web/lib/attempt-links.ts";
import { usePickText } from "@web/lib/content-language.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Dashboard } from "../api/get-dashboard.ts";

/** "In progress · 23 min left" (minutes rounded up), or that the time is up. */
export function useInProgressLabel() {
  const { t } = useTranslation();
  return (secondsLeft: number) =>
    secondsLeft <= 0
      ? t("In progress · time is up")
      : t("In progress · {{minutes}} min left", { minutes: Math.ceil(secondsLeft / 60) });
}

/** Tests the student started and has not submitted; hidden when there are none. */
export function InProgressList({ attempts }: { attempts: Dashboard["inProgress"] }) {
  const { t } = useTranslation();
  const inProgress = useInProgressLabel();
  const pick = usePickText();
  if (attempts.length === 0) return null;
  return (
    <section aria-labelledby="in-progress-title" className="grid gap-3">
      <h2 id="in-progress-title" className="text-lg font-semibold">
        {t("Continue where you left off")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {attempts.map((a) => {
          const title = pick(a.title, a.titleHi);
          return (
            <li
              key={a.attemptId}
              className="grid gap-2 rounded-lg border border-border bg-background p-4 shadow-sm"
            >
              <Badge className="justify-self-start">{inProgress(a.secondsLeft)}</Badge>
              <p lang={title.lang} className="font-semibold">
                {title.text}
              </p>
              <p className="text-sm text-muted-foreground">
                {ATTEMPT_LINKS[a.kind].label
                  ? `${t(ATTEMPT_LINKS[a.kind].label ?? "")} · ${t("Attempt #{{number}}", { number: a.attemptNumber ?? 1 })} · `
                  : ""}
                {t("{{answered}} of {{total}} answered", {
                  answered: a.answered,
                  total: a.numQuestions,
                })}
              </p>
              <Button asChild size="sm" className="justify-self-start">
                <Link
                  to={ATTEMPT_LINKS[a.kind].path(a.targetId)}
                  aria-label={t("Resume {{title}}", { title: title.text })}
                >
                  {t("Resume")}
                </Link>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

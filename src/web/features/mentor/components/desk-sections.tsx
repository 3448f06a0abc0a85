import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { formatDate, formatDateTime } from "@web/lib/format.ts";
import { formatSpan, secondsUntil } from "@web/lib/time-left.ts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { DeskCopy } from "../api/desk.ts";
import { PaperBadge, QuestionLine, TimeLeft } from "./copy-facts.tsx";
import { FollowUpForm } from "./follow-up-form.tsx";

function Empty({ children }: { children: string }) {
  return (
    <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{children}</p>
  );
}

/** How long the claim still holds: "Claim expires in 20 h", or that it has lapsed. */
function ClaimLeft({ expiresAt }: { expiresAt: string | null }) {
  const { t } = useTranslation();
  const seconds = secondsUntil(expiresAt);
  if (seconds === null) return null;
  return (
    <span className={seconds < 3 * 3600 ? "font-medium text-destructive" : undefined}>
      {seconds > 0
        ? t("Claim expires in {{time}}", { time: formatSpan(seconds) })
        : t("Claim expired")}
    </span>
  );
}

/** Copies this mentor holds now, the nearest due first. */
export function HeldCopies({ copies }: { copies: DeskCopy[] }) {
  const { t } = useTranslation();
  const baseId = useId();
  if (copies.length === 0) {
    return <Empty>{t("You hold no copies. Claim one from the queue below.")}</Empty>;
  }
  return (
    <ul className="grid gap-3">
      {copies.map((copy) => (
        <li key={copy.id}>
          <Card className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
            <div className="grid gap-2">
              <QuestionLine id={`${baseId}-${copy.id}`} text={copy.questionText} />
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <PaperBadge paper={copy.paper} />
                <TimeLeft secondsLeft={copy.secondsLeft} />
                <ClaimLeft expiresAt={copy.claimExpiresAt} />
              </div>
            </div>
            <Button asChild className="sm:justify-self-end">
              <Link to={`/mentor/copies/${copy.id}`} aria-describedby={`${baseId}-${copy.id}`}>
                {t("Evaluate")}
              </Link>
            </Button>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Students' follow-up questions on copies this mentor evaluated, each with its answer form. */
export function FollowUps({ copies }: { copies: DeskCopy[] }) {
  const { t } = useTranslation();
  if (copies.length === 0) {
    return <Empty>{t("No follow-up questions are waiting for you.")}</Empty>;
  }
  return (
    <ul className="grid gap-3">
      {copies.map((copy) => (
        <li key={copy.id}>
          <Card className="grid gap-3 p-4">
            <div className="grid gap-1">
              <QuestionLine text={copy.questionText} className="text-sm text-muted-foreground" />
              <Link to={`/mentor/copies/${copy.id}`} className="text-sm text-primary underline">
                {t("Open the evaluated copy")}
              </Link>
            </div>
            <blockquote className="border-l-4 border-primary/40 pl-3">
              <span className="block text-xs font-medium text-muted-foreground">
                {t("The student asks")}
              </span>
              <span lang={contentLang(copy.followUpQuestion)} className="whitespace-pre-wrap">
                {copy.followUpQuestion}
              </span>
            </blockquote>
            <FollowUpForm copyId={copy.id} />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** This mentor's latest evaluations, newest first. */
export function RecentEvaluations({ copies }: { copies: DeskCopy[] }) {
  const { t } = useTranslation();
  if (copies.length === 0) {
    return <Empty>{t("You have not evaluated any copies yet.")}</Empty>;
  }
  return (
    <ul className="grid gap-2">
      {copies.map((copy) => (
        <li key={copy.id}>
          <Card className="grid gap-1 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-3">
            <Link
              to={`/mentor/copies/${copy.id}`}
              lang={contentLang(copy.questionText)}
              className="line-clamp-2 font-medium text-primary underline-offset-4 hover:underline"
            >
              {copy.questionText}
            </Link>
            <div className="flex flex-wrap gap-x-3 text-sm text-muted-foreground sm:justify-end">
              <span title={formatDateTime(copy.evaluatedAt)}>{formatDate(copy.evaluatedAt)}</span>
              <span className="font-medium text-foreground">
                {t("{{marks}} / {{outOf}}", { marks: copy.marks ?? 0, outOf: copy.outOf })}
              </span>
              <span>
                {copy.rating === null
                  ? t("Not rated")
                  : t("Rated {{rating}}/5", { rating: copy.rating })}
              </span>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

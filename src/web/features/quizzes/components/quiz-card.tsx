// The languages line names Hindi in Devanagari: its font, fetched only when that text shows.
import "@web/lib/devanagari-font.ts";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { usePickText } from "@web/lib/content-language.ts";
import { formatDate, formatNumber } from "@web/lib/format.ts";
import {
  Bookmark,
  BookmarkCheck,
  Clock,
  FileQuestion,
  FileText,
  Gauge,
  Languages,
  Lock,
  Share2,
  Trophy,
  Users,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { languagesLabel } from "../../../../shared/quiz-constants.ts";
import { QUIZ_PDF_MESSAGES } from "../../../../shared/quizzes.ts";
import type { QuizCardData } from "../api/quizzes.ts";

const round2 = (n: number) => Math.round(n * 100) / 100;

function Fact(props: { icon: typeof Clock; children: React.ReactNode; wide?: boolean }) {
  const Icon = props.icon;
  return (
    <li
      className={props.wide ? "col-span-2 flex items-center gap-1.5" : "flex items-center gap-1.5"}
    >
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>{props.children}</span>
    </li>
  );
}

/** One quiz of the list, per the spec's card (attempt counts and rank are real). */
export function QuizCard(props: {
  quiz: QuizCardData;
  onToggleSave: () => void;
  onShare: () => void;
  isSaving: boolean;
}) {
  const { t } = useTranslation();
  const q = props.quiz;
  const pick = usePickText();
  const title = pick(q.title, q.titleHi);
  const attemptPath = `/quiz/${q.id}/attempt`;
  const latest = q.latestAttempt;
  const titleId = `quiz-title-${q.id}`;
  // A premium quiz the student's plan does not open: the card sends them to the plans instead.
  const isLocked = q.access.locked && !q.hasOpenAttempt;
  const attemptsLeft = q.access.attemptsLeft;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-border bg-background p-4 shadow-sm"
    >
      <div className="flex items-center gap-1">
        <Badge variant={q.isFree ? "secondary" : "warning"}>
          {q.isFree ? t("Free") : t("Premium")}
        </Badge>
        {isLocked ? (
          <Badge variant="outline">
            <Lock className="mr-1 size-3" aria-hidden="true" /> {t("Locked")}
          </Badge>
        ) : null}
        <span className="flex-1" />
        {q.pdfUrl ? (
          <Button asChild variant="ghost" size="sm">
            <a href={q.pdfUrl} target="_blank" rel="noopener">
              <FileText aria-hidden="true" /> {t("PDF")}
            </a>
          </Button>
        ) : q.pdfAfterAttempt ? (
          // The PDF may hold the answers: it opens once the student has completed the quiz.
          <span className="flex items-center gap-1 px-2 text-xs text-muted-foreground">
            <FileText className="size-4" aria-hidden="true" /> {t(QUIZ_PDF_MESSAGES.afterAttempt)}
          </span>
        ) : null}
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("Share {{title}}", { title: title.text })}
          onClick={props.onShare}
        >
          <Share2 aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={
            q.isSaved
              ? t("Unsave {{title}}", { title: title.text })
              : t("Save {{title}}", { title: title.text })
          }
          aria-pressed={q.isSaved}
          disabled={props.isSaving}
          onClick={props.onToggleSave}
        >
          {q.isSaved ? (
            <BookmarkCheck className="text-primary" aria-hidden="true" />
          ) : (
            <Bookmark aria-hidden="true" />
          )}
        </Button>
      </div>
      <h2 id={titleId} lang={title.lang} className="text-base font-semibold leading-snug">
        {title.text}
      </h2>
      <ul className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
        <Fact icon={Clock}>{t("{{minutes}} min", { minutes: q.durationMinutes })}</Fact>
        <Fact icon={Trophy}>{t("{{marks}} marks", { marks: q.maxMarks })}</Fact>
        <Fact icon={Languages}>{languagesLabel(q.languages)}</Fact>
        <Fact icon={FileQuestion}>{t("{{n}} questions", { n: q.numQuestions })}</Fact>
        <Fact icon={Gauge}>{t(q.difficulty)}</Fact>
        <Fact icon={Users} wide>
          {t("{{formatted}} attempts", {
            count: q.attempts.total,
            formatted: formatNumber(q.attempts.total),
          })}
          <span className="text-muted-foreground">
            {" "}
            · {t("{{n}} this week", { n: formatNumber(q.attempts.last7Days) })}
          </span>
        </Fact>
      </ul>
      {attemptsLeft !== null && !isLocked ? (
        <p className="text-sm text-muted-foreground">
          {t("{{count}} attempts left on your plan", { count: attemptsLeft })}
        </p>
      ) : null}
      {isLocked ? (
        <Button asChild variant="outline" className="mt-auto">
          <Link
            to="/student/subscriptions"
            aria-label={t("View plans to unlock {{title}}", { title: title.text })}
          >
            <Lock aria-hidden="true" /> {t("View Plans")}
          </Link>
        </Button>
      ) : latest ? (
        <div className="mt-auto grid gap-2 rounded-md bg-muted p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            {q.rank ? (
              <span className="font-semibold">
                {t("Rank {{position}} of {{of}}", { position: q.rank.position, of: q.rank.of })}
              </span>
            ) : null}
            <span className="font-semibold">
              {t("Score {{score}}/{{max}}", { score: round2(latest.score), max: q.maxMarks })}
            </span>
          </div>
          <p className="text-success font-medium">{t("Ready to Reattempt")}</p>
          <p className="text-muted-foreground">
            {t("Attempted on {{date}}", { date: formatDate(latest.completedAt) })}
          </p>
          <div className="grid grid-cols-2 gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={`${attemptPath}?attemptId=${latest.id}&viewResults=true`}>
                {t("View Result")}
              </Link>
            </Button>
            <Button asChild size="sm">
              <Link to={attemptPath}>{q.hasOpenAttempt ? t("Resume") : t("Reattempt")}</Link>
            </Button>
          </div>
        </div>
      ) : (
        <Button asChild className="mt-auto">
          <Link to={attemptPath}>{q.hasOpenAttempt ? t("Resume") : t("Start Now")}</Link>
        </Button>
      )}
    </article>
  );
}

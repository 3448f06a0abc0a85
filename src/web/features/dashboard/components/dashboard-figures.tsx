import { ResultFigures } from "@web/components/exam/result-figures.tsx";
import { LocalText } from "@web/components/local-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { formatDate } from "@web/lib/format.ts";
import { CalendarCheck, CreditCard, Flame, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Dashboard } from "../api/get-dashboard.ts";

function Card(props: { title: string; icon: ReactNode; children: ReactNode; id: string }) {
  return (
    <section
      aria-labelledby={props.id}
      className="grid content-start gap-3 rounded-lg border border-border bg-background p-4 shadow-sm"
    >
      <h2 id={props.id} className="flex items-center gap-2 font-semibold">
        {props.icon}
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

const iconClass = "size-5 text-primary";
const hours = (n: number) => Math.round(n * 10) / 10;

function TodaysQuiz({ quiz }: { quiz: Dashboard["todaysQuiz"] }) {
  const { t } = useTranslation();
  const title = quiz && !quiz.isToday ? t("Latest quiz") : t("Today's quiz");
  return (
    <Card
      id="todays-quiz"
      title={title}
      icon={<CalendarCheck className={iconClass} aria-hidden="true" />}
    >
      {quiz ? (
        <>
          <LocalText
            as="p"
            english={quiz.title}
            hindi={quiz.titleHi}
            className="font-medium leading-snug"
          />
          {quiz.latestAttempt ? (
            <>
              <p className="flex flex-wrap items-center gap-2">
                <Badge variant="success">{t("Done")}</Badge>
                <span className="text-2xl font-bold">
                  {t("{{score}}/{{max}}", { score: quiz.latestAttempt.score, max: quiz.maxMarks })}
                </span>
              </p>
              <Button asChild variant="outline" size="sm" className="justify-self-start">
                <Link to={`/results/${quiz.latestAttempt.id}`}>{t("View Result")}</Link>
              </Button>
            </>
          ) : (
            <>
              <p className="text-sm text-muted-foreground">
                {quiz.isToday
                  ? t("Not attempted yet: {{questions}} questions, {{minutes}} min.", {
                      questions: quiz.numQuestions,
                      minutes: quiz.durationMinutes,
                    })
                  : t("Published {{date}}. Not attempted yet.", {
                      date: formatDate(quiz.publishedOn),
                    })}
              </p>
              <Button asChild size="sm" className="justify-self-start">
                <Link to={`/quiz/${quiz.id}/attempt`}>
                  {quiz.hasOpenAttempt ? t("Resume") : t("Start Now")}
                </Link>
              </Button>
            </>
          )}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t("No quiz has been published yet.")}</p>
      )}
    </Card>
  );
}

function Study({ study }: { study: Dashboard["study"] }) {
  const { t } = useTranslation();
  const share = Math.min(100, Math.round((study.studiedHours / study.goalHours) * 100));
  return (
    <Card
      id="study-today"
      title={t("Study streak")}
      icon={<Flame className={iconClass} aria-hidden="true" />}
    >
      <p className="text-2xl font-bold">
        {study.streakDays === 1 ? t("1 day") : t("{{days}} days", { days: study.streakDays })}
      </p>
      <p className="text-sm">
        {t("Today: {{studied}} of {{goal}} hours", {
          studied: hours(study.studiedHours),
          goal: study.goalHours,
        })}
      </p>
      <div
        role="progressbar"
        aria-label={t("Today's study against your daily goal")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
      </div>
    </Card>
  );
}

function LastTest(props: { result: Dashboard["lastResult"]; completed: number }) {
  const { t } = useTranslation();
  const r = props.result;
  return (
    <Card
      id="last-test"
      title={t("Last test")}
      icon={<Trophy className={iconClass} aria-hidden="true" />}
    >
      {r ? (
        <>
          <LocalText
            as="p"
            english={r.title}
            hindi={r.titleHi}
            className="font-medium leading-snug"
          />
          <ResultFigures result={r} />
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={`/results/${r.id}`}>{t("Review")}</Link>
            </Button>
            <Button asChild variant="ghost" size="sm">
              <Link to="/results">
                {props.completed === 1
                  ? t("All results (1)")
                  : t("All results ({{total}})", { total: props.completed })}
              </Link>
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {t("Take a test to see your score, rank and percentile here.")}
          </p>
          <Button asChild size="sm" className="justify-self-start">
            <Link to="/student/exams">{t("Explore Exams")}</Link>
          </Button>
        </>
      )}
    </Card>
  );
}

function Plan({ plan }: { plan: Dashboard["plan"] }) {
  const { t } = useTranslation();
  return (
    <Card
      id="my-plan"
      title={t("Your plan")}
      icon={<CreditCard className={iconClass} aria-hidden="true" />}
    >
      {plan ? (
        <>
          <p className="font-medium">{plan.planName}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t("Valid until")}</dt>
            <dd>{plan.endDate ? formatDate(plan.endDate) : t("Lifetime")}</dd>
            <dt className="text-muted-foreground">{t("Premium exams left")}</dt>
            <dd>
              {plan.premiumExamsLeft === null
                ? t("Unlimited")
                : t("{{left}} of {{limit}}", {
                    left: plan.premiumExamsLeft,
                    limit: plan.examLimit,
                  })}
            </dd>
            <dt className="text-muted-foreground">{t("Premium quizzes left")}</dt>
            <dd>
              {plan.premiumQuizzesLeft === null
                ? t("Unlimited")
                : t("{{left}} of {{limit}}", {
                    left: plan.premiumQuizzesLeft,
                    limit: plan.examLimit,
                  })}
            </dd>
            <dt className="text-muted-foreground">{t("Attempts at each")}</dt>
            <dd>{plan.attemptLimitPerExam === null ? t("Unlimited") : plan.attemptLimitPerExam}</dd>
          </dl>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {t("Free exams and quizzes are open to you. A plan unlocks the premium papers.")}
          </p>
          <Button asChild variant="outline" size="sm" className="justify-self-start">
            <Link to="/student/subscriptions">{t("See plans")}</Link>
          </Button>
        </>
      )}
    </Card>
  );
}

/** The dashboard's live figures, each card read from the one summary answer. */
export function DashboardFigures({ data }: { data: Dashboard }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <TodaysQuiz quiz={data.todaysQuiz} />
      <Study study={data.study} />
      <LastTest result={data.lastResult} completed={data.completedTests} />
      <Plan plan={data.plan} />
    </div>
  );
}

import { LocalText } from "@web/components/local-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDateTime, formatNumber } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { ClaimMarkingInput } from "../../../../shared/mains-marking-schemas.ts";
import { type MainsQueueTest, useClaimMarking } from "../api/mains-queue.ts";
import { PaperBadge } from "./copy-facts.tsx";
import { EVALUATION_MODE_LABELS, MARK_ROUND_LABELS } from "./mains-round.ts";

type Claim = (testId: string, input: ClaimMarkingInput) => void;

/** A count the server stops at its cap (per question): "100+" from there. */
function countOf(n: number, more: boolean): string {
  return more ? `${formatNumber(n)}+` : formatNumber(n);
}

function ClaimButton(props: {
  label: string;
  describedBy: string;
  pending: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      size="sm"
      aria-describedby={props.describedBy}
      disabled={props.pending}
      onClick={props.onClick}
    >
      {props.pending ? t("Claiming...") : props.label}
    </Button>
  );
}

/** Question mode: each question with answers waiting, and its claim. */
function QuestionClaims(props: {
  test: MainsQueueTest;
  countCap: number;
  titleId: string;
  pending: string | null;
  onClaim: Claim;
}) {
  const { t } = useTranslation();
  const waiting = props.test.questions.filter((q) => q.waiting.first > 0);
  return (
    <ul className="grid gap-2" aria-label={t(MARK_ROUND_LABELS.first)}>
      {waiting.map((question) => {
        const id = `${props.titleId}-q${question.position}`;
        return (
          <li
            key={question.testQuestionId}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2 text-sm"
          >
            <span id={id}>
              {t("Question {{position}}", { position: question.position })} ·{" "}
              {t("Answers waiting: {{n}}", {
                n: countOf(question.waiting.first, question.waiting.first >= props.countCap),
              })}
            </span>
            <ClaimButton
              label={t("Claim answers")}
              describedBy={`${props.titleId} ${id}`}
              pending={props.pending === `first:${question.testQuestionId}`}
              onClick={() =>
                props.onClaim(props.test.id, {
                  round: "first",
                  testQuestionId: question.testQuestionId,
                })
              }
            />
          </li>
        );
      })}
    </ul>
  );
}

function TestCard(props: {
  test: MainsQueueTest;
  countCap: number;
  pending: string | null;
  onClaim: Claim;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { test } = props;
  const { waiting } = test;
  const nothing = waiting.first + waiting.second + waiting.reeval === 0;
  return (
    <Card className="grid gap-3 p-4">
      <div className="grid gap-2">
        <h3 id={titleId} className="font-semibold">
          <LocalText english={test.title} hindi={test.titleHi} />
        </h3>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <PaperBadge paper={test.paper} />
          <Badge variant="outline">{t(EVALUATION_MODE_LABELS[test.evaluationMode])}</Badge>
          {test.oldestWaitingAt ? (
            <span className="text-muted-foreground">
              {t("Waiting since {{date}}", { date: formatDateTime(test.oldestWaitingAt) })}
            </span>
          ) : null}
          {test.held > 0 ? <span>{t("Held by you: {{n}}", { n: test.held })}</span> : null}
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center text-sm">
        {(["first", "second", "reeval"] as const).map((round) => (
          <div key={round} className="grid gap-0.5 rounded-md bg-muted p-2">
            <dt className="text-muted-foreground">{t(MARK_ROUND_LABELS[round])}</dt>
            <dd className="text-lg font-semibold tabular-nums">
              {countOf(waiting[round], test.more[round])}
            </dd>
          </div>
        ))}
      </dl>
      {nothing ? (
        <p className="text-sm text-muted-foreground">{t("Nothing is waiting in this test.")}</p>
      ) : null}
      {test.evaluationMode === "question" && waiting.first > 0 ? (
        <QuestionClaims
          countCap={props.countCap}
          test={test}
          titleId={titleId}
          pending={props.pending}
          onClaim={props.onClaim}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {test.evaluationMode === "booklet" && waiting.first > 0 ? (
          <ClaimButton
            label={t("Claim a booklet ({{n}} waiting)", {
              n: countOf(test.bookletsWaiting, test.bookletsWaiting >= props.countCap),
            })}
            describedBy={titleId}
            pending={props.pending === "first:"}
            onClick={() => props.onClaim(test.id, { round: "first" })}
          />
        ) : null}
        {waiting.second > 0 ? (
          <ClaimButton
            label={t("Claim second markings")}
            describedBy={titleId}
            pending={props.pending === "second:"}
            onClick={() => props.onClaim(test.id, { round: "second" })}
          />
        ) : null}
        {waiting.reeval > 0 ? (
          <ClaimButton
            label={t("Claim re-evaluations")}
            describedBy={titleId}
            pending={props.pending === "reeval:"}
            onClick={() => props.onClaim(test.id, { round: "reeval" })}
          />
        ) : null}
      </div>
    </Card>
  );
}

/**
 * The tests with marking waiting (decision 063), the oldest work first, with a claim per round:
 * booklet mode claims a whole booklet, question mode up to ten answers of the question chosen;
 * second markings and re-evaluations are claimed ten at a time. The claim opens the first answer.
 */
export function MainsQueueTests({
  tests,
  countCap,
}: {
  tests: MainsQueueTest[];
  countCap: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const claim = useClaimMarking();
  const pending = claim.isPending
    ? `${claim.variables?.round}:${claim.variables?.testQuestionId ?? ""}`
    : null;
  const onClaim: Claim = (testId, input) =>
    claim.mutate(
      { testId, ...input },
      {
        onSuccess: (claimed) => {
          notify.success(
            claimed.bookletId
              ? t("Booklet claimed")
              : t("Answers claimed: {{n}}", { n: claimed.markIds.length }),
            t("They are yours to mark until the claim expires."),
          );
          if (claimed.markIds[0]) navigate(`/mentor/mains/marks/${claimed.markIds[0]}`);
        },
        onError: (error) => notify.error(t("Error claiming the work"), errorMessage(error)),
      },
    );
  return (
    <ul className="grid gap-3">
      {tests.map((test) => (
        <li key={test.id}>
          <TestCard test={test} countCap={countCap} pending={pending} onClaim={onClaim} />
        </li>
      ))}
    </ul>
  );
}

import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDate } from "@web/lib/format.ts";
import { useSubjectOptions } from "@web/lib/subject-options.ts";
import { notify } from "@web/lib/toast.ts";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import {
  EVALUATION_MESSAGES,
  MAINS_PAPER_LABELS,
  MAINS_PAPERS,
  type MainsPaper,
} from "../../../../shared/evaluation.ts";
import { mentorQueueQueryOptions, type QueueCopy, useClaimCopy } from "../api/queue.ts";
import { PaperBadge, QuestionLine, TimeLeft } from "./copy-facts.tsx";

const PAGE_SIZE = 20;

function QueueRow(props: { copy: QueueCopy; claiming: boolean; onClaim: () => void }) {
  const { t } = useTranslation();
  const { copy } = props;
  const questionId = useId();
  return (
    <li>
      <Card className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
        <div className="grid gap-2">
          <QuestionLine id={questionId} text={copy.questionText} />
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <PaperBadge paper={copy.paper} />
            {copy.subjectName ? (
              <span lang={contentLang(copy.subjectName)}>{copy.subjectName}</span>
            ) : null}
            <span>{t("{{marks}} marks", { marks: copy.marks })}</span>
            <span>
              {copy.format === "typed"
                ? t("Typed answer")
                : t("{{count}} pages", { count: copy.pageCount })}
            </span>
            <span className="text-muted-foreground">
              {t("Submitted {{date}}", { date: formatDate(copy.submittedAt) })}
            </span>
          </div>
          <TimeLeft secondsLeft={copy.secondsLeft} />
        </div>
        <Button
          type="button"
          className="sm:justify-self-end"
          aria-describedby={questionId}
          disabled={props.claiming}
          onClick={props.onClaim}
        >
          {props.claiming ? t("Claiming...") : t("Claim")}
        </Button>
      </Card>
    </li>
  );
}

/**
 * The queue (decision 042): submitted copies, oldest first, with the time left against the
 * promised turnaround, filtered by paper and subject. "Claim" locks a copy to this mentor and
 * opens it; a copy another mentor took first says so, and the queue is fetched again.
 */
export function QueueSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [paper, setPaper] = useState<MainsPaper | "">("");
  const [subjectId, setSubjectId] = useState("");
  const [page, setPage] = useState(1);
  const subjects = useSubjectOptions();
  const queue = useQuery(
    mentorQueueQueryOptions({
      page,
      pageSize: PAGE_SIZE,
      paper: paper || undefined,
      subjectId: subjectId || undefined,
    }),
  );
  const claim = useClaimCopy();
  const paperId = useId();
  const subjectSelectId = useId();

  const onClaim = async (copy: QueueCopy) => {
    try {
      const claimed = await claim.mutateAsync(copy.id);
      notify.success(t("Copy claimed"), t("It is yours to evaluate until the claim expires."));
      navigate(`/mentor/copies/${claimed.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Taken by another mentor, or this mentor already holds the most copies at once.
        notify.error(errorMessage(error, EVALUATION_MESSAGES.claimTaken));
      } else {
        notify.error(t("Error claiming the copy"), errorMessage(error));
      }
    }
  };

  const isFiltered = Boolean(paper || subjectId);
  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-3 sm:max-w-lg">
        <div className="grid gap-1.5">
          <label htmlFor={paperId} className="text-sm font-medium">
            {t("Paper")}
          </label>
          <Select
            id={paperId}
            value={paper}
            onChange={(event) => {
              setPaper(event.target.value as MainsPaper | "");
              setPage(1);
            }}
          >
            <option value="">{t("All papers")}</option>
            {MAINS_PAPERS.map((p) => (
              <option key={p} value={p}>
                {t(MAINS_PAPER_LABELS[p])}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={subjectSelectId} className="text-sm font-medium">
            {t("Subject")}
          </label>
          <Select
            id={subjectSelectId}
            value={subjectId}
            onChange={(event) => {
              setSubjectId(event.target.value);
              setPage(1);
            }}
          >
            <option value="">{t("All subjects")}</option>
            {(subjects.data ?? []).map((subject) => (
              <option key={subject.id} value={subject.id}>
                {subject.name}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <QueryContent
        query={queue}
        loadingLabel={t("Loading the queue...")}
        errorTitle={t("Error loading the queue")}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            title={t("No copies waiting.")}
            description={
              isFiltered
                ? t("No copy of this paper or subject is waiting. Try another filter.")
                : t("Submitted answers appear here, oldest first.")
            }
          />
        }
      >
        {(data) => (
          <>
            <ul className="grid gap-3" aria-busy={queue.isFetching}>
              {data.items.map((copy) => (
                <QueueRow
                  key={copy.id}
                  copy={copy}
                  claiming={claim.isPending && claim.variables === copy.id}
                  onClaim={() => void onClaim(copy)}
                />
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryContent>
    </div>
  );
}

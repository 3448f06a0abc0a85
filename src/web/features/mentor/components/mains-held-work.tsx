import { LocalText } from "@web/components/local-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { formatDateTime } from "@web/lib/format.ts";
import { formatSpan, secondsUntil } from "@web/lib/time-left.ts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { MainsWorkGroup } from "../api/mains-queue.ts";
import { PaperBadge } from "./copy-facts.tsx";
import { MARK_ROUND_LABELS } from "./mains-round.ts";

/** Where to carry on: the first answer not yet marked (else the first). */
function nextMarkOf(group: MainsWorkGroup) {
  return (group.marks.find((m) => m.status === "claimed") ?? group.marks[0])?.id;
}

function HeldGroup({ group }: { group: MainsWorkGroup }) {
  const { t } = useTranslation();
  const titleId = useId();
  const done = group.marks.filter((m) => m.status === "marked").length;
  const seconds = secondsUntil(group.expiresAt);
  const next = nextMarkOf(group);
  return (
    <Card className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
      <div className="grid gap-2">
        <LocalText
          as="p"
          id={titleId}
          english={group.test.title}
          hindi={group.test.titleHi}
          className="font-medium"
        />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <PaperBadge paper={group.test.paper} />
          <Badge variant="outline">{t(MARK_ROUND_LABELS[group.round])}</Badge>
          {group.kind === "booklet" ? (
            <span>
              {t("Booklet submitted {{date}}", {
                date: formatDateTime(group.marks[0]?.submittedAt),
              })}
            </span>
          ) : (
            <span>{t("Question {{position}}", { position: group.question?.position ?? 0 })}</span>
          )}
          <span>
            {t("{{done}} of {{total}} answers marked", { done, total: group.marks.length })}
          </span>
          {seconds !== null ? (
            <span className={seconds < 3 * 3600 ? "font-medium text-destructive" : undefined}>
              {t("Claim expires in {{time}}", { time: formatSpan(Math.max(seconds, 0)) })}
            </span>
          ) : null}
        </div>
      </div>
      {next ? (
        <Button asChild className="sm:justify-self-end">
          <Link to={`/mentor/mains/marks/${next}`} aria-describedby={titleId}>
            {t("Continue marking")}
          </Link>
        </Button>
      ) : null}
    </Card>
  );
}

/** The booklets and questions this mentor holds now, the claim that lapses first on top. */
export function MainsHeldWork({ groups }: { groups: MainsWorkGroup[] }) {
  return (
    <ul className="grid gap-3">
      {groups.map((group) => (
        <li key={group.key}>
          <HeldGroup group={group} />
        </li>
      ))}
    </ul>
  );
}

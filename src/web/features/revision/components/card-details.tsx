import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { formatDate } from "@web/lib/format.ts";
import { CalendarClock, RotateCcw, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { CONFIDENCE_LABELS } from "../../../../shared/confidence.ts";
import { REVISION_SOURCE_LABELS } from "../../../../shared/revision.ts";
import type { RevisionCard } from "../api/revision-cards.ts";

/**
 * Below a card's question: why it is in the notebook, its subject and topic, when it is due next,
 * and its two actions.
 */
export function CardDetails(props: {
  card: RevisionCard;
  onReset: () => void;
  onRemove: () => void;
  isBusy: boolean;
}) {
  const { t } = useTranslation();
  const { card } = props;
  const place = [card.subjectName, card.topicName].filter(Boolean).join(" · ");
  const schedule = card.masteredAt
    ? t("Mastered on {{date}}", { date: formatDate(card.masteredAt) })
    : card.isDue
      ? t("Due now")
      : t("Next due: {{date}}", { date: formatDate(card.due) });
  return (
    <div className="grid gap-3 border-t border-border pt-3">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant={card.source === "saved" ? "secondary" : "outline"}>
          {t(REVISION_SOURCE_LABELS[card.source])}
        </Badge>
        {card.confidence ? (
          <Badge variant="warning">{t(CONFIDENCE_LABELS[card.confidence])}</Badge>
        ) : null}
        {place ? (
          <span className="text-xs text-muted-foreground" lang={contentLang(place)}>
            {place}
          </span>
        ) : null}
      </div>
      <p className="flex items-center gap-2 text-sm">
        <CalendarClock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className={card.isDue ? "font-semibold text-primary" : undefined}>{schedule}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={props.isBusy} onClick={props.onReset}>
          <RotateCcw aria-hidden="true" />
          {t("Reset schedule")}
        </Button>
        <Button variant="ghost" size="sm" disabled={props.isBusy} onClick={props.onRemove}>
          <Trash2 aria-hidden="true" />
          {t("Remove")}
        </Button>
      </div>
    </div>
  );
}

import { Badge } from "@web/components/ui/badge.tsx";
import { cn } from "@web/lib/cn.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { formatTimeLeft } from "@web/lib/time-left.ts";
import { useTranslation } from "react-i18next";
import { MAINS_PAPER_LABELS, type MainsPaper } from "../../../../shared/evaluation.ts";

/** A copy's question, its first lines, in its own language. */
export function QuestionLine(props: { text: string; id?: string; className?: string }) {
  return (
    <p
      id={props.id}
      lang={contentLang(props.text)}
      className={cn("line-clamp-3 font-medium", props.className)}
    >
      {props.text}
    </p>
  );
}

export function PaperBadge({ paper }: { paper: MainsPaper }) {
  const { t } = useTranslation();
  return <Badge variant="secondary">{t(MAINS_PAPER_LABELS[paper])}</Badge>;
}

/** "Due in 2 days 3 h", or in red "Overdue by 5 h". */
export function TimeLeft({ secondsLeft }: { secondsLeft: number | null }) {
  const overdue = secondsLeft !== null && secondsLeft < 0;
  return (
    <span className={overdue ? "font-semibold text-destructive" : "text-muted-foreground"}>
      {formatTimeLeft(secondsLeft)}
    </span>
  );
}

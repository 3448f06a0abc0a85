import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import { Check, ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { MainsMark } from "../api/mains-mark.ts";

type Sibling = MainsMark["siblings"][number];

/**
 * Steps through the mentor's answers of this booklet (booklet mode: question by question) or of
 * this question (question mode: booklet by booklet): previous, next, and each one by number,
 * ticked once marked. `onGo` leaves this answer (saving its draft first).
 */
export function MainsMarkSteps(props: {
  mark: MainsMark;
  byBooklet: boolean;
  disabled?: boolean;
  onGo: (markId: string) => void;
}) {
  const { t } = useTranslation();
  const { siblings, id } = props.mark;
  if (siblings.length < 2) return null;
  const index = siblings.findIndex((s) => s.id === id);
  const previous = siblings[index - 1];
  const next = siblings[index + 1];
  // Each step's name holds the words it shows ("Q2", "2"), so a voice user can say them.
  const label = (s: Sibling, i: number) =>
    props.byBooklet
      ? t("Q{{position}}", { position: s.position })
      : t("Answer {{n}}", { n: i + 1 });
  return (
    <nav aria-label={t("Answers")} className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!previous || props.disabled}
          onClick={() => previous && props.onGo(previous.id)}
        >
          <ChevronLeft aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t("Previous answer")}</span>
        </Button>
        <span className="text-sm text-muted-foreground">
          {t("Answer {{n}} of {{total}}", { n: index + 1, total: siblings.length })}
        </span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!next || props.disabled}
          onClick={() => next && props.onGo(next.id)}
        >
          <span className="sr-only sm:not-sr-only">{t("Next answer")}</span>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <ol className="flex flex-wrap gap-1.5">
        {siblings.map((s, i) => (
          <li key={s.id}>
            <Button
              type="button"
              size="sm"
              variant={s.id === id ? "secondary" : "ghost"}
              className={cn("h-8 px-2", s.marked && "text-success")}
              aria-current={s.id === id ? "step" : undefined}
              aria-label={s.marked ? t("{{answer}}, marked", { answer: label(s, i) }) : label(s, i)}
              disabled={props.disabled}
              onClick={() => s.id !== id && props.onGo(s.id)}
            >
              {s.marked ? <Check aria-hidden="true" /> : null}
              {props.byBooklet ? t("Q{{position}}", { position: s.position }) : String(i + 1)}
            </Button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { LoadingState } from "@web/components/ui/states.tsx";
import { cn } from "@web/lib/cn.ts";
import { formatNumber } from "@web/lib/format.ts";
import { ChevronDown, MessagesSquare } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";

// The discussion's code (its forms, the markup, the moderators' actions) loads when it opens.
const DiscussionThread = lazy(async () => ({
  default: (await import("./discussion-thread.tsx")).DiscussionThread,
}));

/**
 * The discussion under a reviewed question whose key is open (decision 064): a button with its
 * post count that opens it in place. Nothing is fetched until it opens; the server's key gate
 * answers 404 where the student may not reach it.
 */
export function DiscussionSection(props: { questionId: string; count: number }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  return (
    <section aria-label={t("Discussion")} className="grid min-w-0 gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <MessagesSquare aria-hidden="true" />
        {t("Discussion")}
        <Badge variant="secondary" aria-hidden="true">
          {formatNumber(props.count)}
        </Badge>
        <span className="sr-only">{t("Posts: {{number}}", { number: props.count })}</span>
        <ChevronDown
          className={cn("transition-transform", isOpen && "rotate-180")}
          aria-hidden="true"
        />
      </Button>
      <div id={panelId} hidden={!isOpen} className="min-w-0">
        {isOpen ? (
          <Suspense fallback={<LoadingState compact label={t("Loading the discussion...")} />}>
            <DiscussionThread questionId={props.questionId} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}

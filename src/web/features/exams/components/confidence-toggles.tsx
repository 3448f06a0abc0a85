import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  CONFIDENCE_GROUP_LABEL,
  CONFIDENCE_LABELS,
  CONFIDENCE_TAGS,
  type Confidence,
} from "../../../../shared/confidence.ts";

/**
 * How sure the student is of this answer: Sure, 50:50 or Guess, optional. One tap
 * sets a tag, a tap on the pressed one clears it; the tag is saved with the choice.
 */
export function ConfidenceToggles(props: {
  value: Confidence | null;
  disabled?: boolean;
  onChange: (value: Confidence | null) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="grid gap-1.5">
      <span id={labelId} className="text-sm font-medium text-muted-foreground">
        {t(CONFIDENCE_GROUP_LABEL)}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset */}
      <div role="group" aria-labelledby={labelId} className="grid grid-cols-3 gap-2 sm:flex">
        {CONFIDENCE_TAGS.map((tag) => {
          const pressed = props.value === tag;
          return (
            <Button
              key={tag}
              type="button"
              variant="outline"
              className={cn(
                "h-11 min-w-0 px-3 sm:min-w-20",
                pressed && "border-primary bg-primary/10 font-semibold text-primary",
              )}
              aria-pressed={pressed}
              disabled={props.disabled}
              onClick={() => props.onChange(pressed ? null : tag)}
            >
              {t(CONFIDENCE_LABELS[tag])}
            </Button>
          );
        })}
      </div>
    </div>
  );
}

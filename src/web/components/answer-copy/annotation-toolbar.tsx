import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import { Check, Eraser, MessageSquarePlus, Pen, Undo2, X } from "lucide-react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { STROKE_COLOURS } from "../../../shared/evaluation.ts";
import {
  type AnnotationTool,
  STROKE_COLOUR_VALUES,
  type StrokeColour,
} from "./annotation-tools.ts";

export type AnnotationToolbarProps = {
  tool: AnnotationTool;
  onToolChange: (tool: AnnotationTool) => void;
  onUndo: () => void;
  canUndo: boolean;
  /** With `onColourChange`, the pen's colour choice (red, blue, green) is shown too. */
  colour?: StrokeColour;
  onColourChange?: (colour: StrokeColour) => void;
  disabled?: boolean;
  className?: string;
};

const TOOL_ICONS: Record<AnnotationTool, ComponentType<{ "aria-hidden"?: boolean }>> = {
  pen: Pen,
  note: MessageSquarePlus,
  tick: Check,
  cross: X,
  eraser: Eraser,
};

/**
 * The mentor's tools: Pen, Comment, Tick, Cross and Eraser (one pressed at a time), the pen's
 * colour, and Undo. Props in, callbacks out; `useAnnotationHistory` holds what Undo goes back to.
 */
export function AnnotationToolbar({
  tool,
  onToolChange,
  onUndo,
  canUndo,
  colour,
  onColourChange,
  disabled = false,
  className,
}: AnnotationToolbarProps) {
  const { t } = useTranslation();
  const labels: Record<AnnotationTool, string> = {
    pen: t("Pen"),
    note: t("Comment"),
    tick: t("Tick"),
    cross: t("Cross"),
    eraser: t("Eraser"),
  };
  const colourLabels: Record<StrokeColour, string> = {
    red: t("Red pen"),
    blue: t("Blue pen"),
    green: t("Green pen"),
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
    <div
      role="group"
      aria-label={t("Annotation tools")}
      className={cn("flex flex-wrap items-center gap-1", className)}
    >
      {(Object.keys(labels) as AnnotationTool[]).map((name) => {
        const Icon = TOOL_ICONS[name];
        const pressed = tool === name;
        return (
          <Button
            key={name}
            type="button"
            size="sm"
            variant={pressed ? "default" : "outline"}
            aria-pressed={pressed}
            disabled={disabled}
            onClick={() => onToolChange(name)}
          >
            <Icon aria-hidden />
            {labels[name]}
          </Button>
        );
      })}
      {onColourChange && tool === "pen" ? (
        // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
        <div role="group" aria-label={t("Pen colour")} className="flex items-center gap-1">
          {STROKE_COLOURS.map((name) => (
            <button
              key={name}
              type="button"
              aria-label={colourLabels[name]}
              aria-pressed={(colour ?? "red") === name}
              disabled={disabled}
              onClick={() => onColourChange(name)}
              className="flex size-9 items-center justify-center rounded-full border border-border aria-pressed:ring-2 aria-pressed:ring-ring disabled:opacity-50"
            >
              <span
                className="size-5 rounded-full"
                style={{ backgroundColor: STROKE_COLOUR_VALUES[name] }}
              />
            </button>
          ))}
        </div>
      ) : null}
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={disabled || !canUndo}
        onClick={onUndo}
      >
        <Undo2 aria-hidden />
        {t("Undo")}
      </Button>
    </div>
  );
}

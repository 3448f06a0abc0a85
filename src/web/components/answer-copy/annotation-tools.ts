import type { STROKE_COLOURS } from "../../../shared/evaluation.ts";

export type StrokeColour = (typeof STROKE_COLOURS)[number];

/** What a tap or a drag on a page does while a mentor marks it. */
export const ANNOTATION_TOOLS = ["pen", "note", "tick", "cross", "eraser"] as const;
export type AnnotationTool = (typeof ANNOTATION_TOOLS)[number];

/** How each stroke colour is drawn (dark enough to read on white paper, and on blue ink). */
export const STROKE_COLOUR_VALUES: Record<StrokeColour, string> = {
  red: "#dc2626",
  blue: "#1d4ed8",
  green: "#15803d",
};
export const TICK_COLOUR = "#15803d";
export const CROSS_COLOUR = "#dc2626";

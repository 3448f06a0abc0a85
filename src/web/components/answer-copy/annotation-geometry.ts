import {
  ANNOTATION_LIMITS,
  type PageAnnotations,
  type Stamp,
  type Stroke,
} from "../../../shared/evaluation.ts";

/**
 * The arithmetic of annotations, kept apart from the drawing so it is tested on its own. A point
 * is `[x, y]`, fractions of the page's width and height (0 to 1); distances are measured in page
 * widths, so `aspect` (the page's height over its width) turns a difference in y into the same
 * unit.
 */
export type Point = [number, number];

/** Points of a stroke closer than this (in page widths) to the one before are dropped. */
export const MIN_POINT_DISTANCE = 0.002;
/** How far from an item (in page widths) a tap of the eraser still takes it. */
export const ERASER_REACH = 0.03;
/** A stamp's size, in page widths. */
export const STAMP_SIZE = 0.045;
export const DEFAULT_STROKE_WIDTH = 0.004;

/** Clamped to the page and rounded to 4 decimals (a tenth of a pixel on a 1000 px page). */
export function unit(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;
}

/** Where a pointer is on the page's box, as a rounded point. */
export function pointIn(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
): Point {
  if (box.width <= 0 || box.height <= 0) return [0, 0];
  return [unit((clientX - box.left) / box.width), unit((clientY - box.top) / box.height)];
}

export function distance(a: Point, b: Point, aspect: number): number {
  return Math.hypot(a[0] - b[0], (a[1] - b[1]) * aspect);
}

/**
 * `points` with `next` added, unless it is too close to the last one or the stroke is full
 * (then the same array comes back, so a caller can tell nothing changed).
 */
export function appendPoint(points: Point[], next: Point, aspect: number): Point[] {
  const last = points[points.length - 1];
  if (points.length >= ANNOTATION_LIMITS.pointsPerStroke) return points;
  if (last && distance(last, next, aspect) < MIN_POINT_DISTANCE) return points;
  return [...points, next];
}

function distanceToSegment(p: Point, a: Point, b: Point, aspect: number): number {
  const [px, py] = [p[0], p[1] * aspect];
  const [ax, ay] = [a[0], a[1] * aspect];
  const [bx, by] = [b[0], b[1] * aspect];
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

export function distanceToStroke(p: Point, stroke: Stroke, aspect: number): number {
  const points = stroke.points as Point[];
  const first = points[0];
  if (!first) return Number.POSITIVE_INFINITY;
  let best = distance(p, first, aspect);
  for (let i = 1; i < points.length; i += 1)
    best = Math.min(best, distanceToSegment(p, points[i - 1] as Point, points[i] as Point, aspect));
  return Math.max(0, best - stroke.width / 2);
}

export type AnnotationRef = { kind: "stroke" | "note" | "stamp"; index: number };

/** The item nearest `p` within `reach` (notes and stamps before strokes on a tie), or null. */
export function nearestAnnotation(
  value: PageAnnotations,
  p: Point,
  aspect: number,
  reach: number = ERASER_REACH,
): AnnotationRef | null {
  let best: AnnotationRef | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  // Strictly nearer only: on a tie the note or stamp (looked at first) stays.
  const consider = (ref: AnnotationRef, d: number) => {
    if (d <= reach && d < bestDistance) {
      best = ref;
      bestDistance = d;
    }
  };
  value.notes.forEach((note, index) => {
    consider({ kind: "note", index }, distance(p, note.at as Point, aspect));
  });
  value.stamps.forEach((stamp, index) => {
    consider({ kind: "stamp", index }, distance(p, stamp.at as Point, aspect));
  });
  value.strokes.forEach((stroke, index) => {
    consider({ kind: "stroke", index }, distanceToStroke(p, stroke, aspect));
  });
  return best;
}

export function removeAnnotation(value: PageAnnotations, ref: AnnotationRef): PageAnnotations {
  const keep = (_: unknown, i: number) => i !== ref.index;
  if (ref.kind === "note") return { ...value, notes: value.notes.filter(keep) };
  if (ref.kind === "stamp") return { ...value, stamps: value.stamps.filter(keep) };
  return { ...value, strokes: value.strokes.filter(keep) };
}

/** The value with the stroke added, or null when the page holds all the strokes it may. */
export function addStroke(value: PageAnnotations, stroke: Stroke): PageAnnotations | null {
  if (value.strokes.length >= ANNOTATION_LIMITS.strokesPerPage || stroke.points.length === 0)
    return null;
  return { ...value, strokes: [...value.strokes, stroke] };
}

export function addStamp(value: PageAnnotations, stamp: Stamp): PageAnnotations | null {
  if (value.stamps.length >= ANNOTATION_LIMITS.stampsPerPage) return null;
  return { ...value, stamps: [...value.stamps, stamp] };
}

export function canAddNote(value: PageAnnotations): boolean {
  return value.notes.length < ANNOTATION_LIMITS.notesPerPage;
}

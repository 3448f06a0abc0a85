import { describe, expect, it } from "vitest";
import {
  ANNOTATION_LIMITS,
  EMPTY_PAGE_ANNOTATIONS,
  type PageAnnotations,
  pageAnnotationsSchema,
} from "../../../shared/evaluation.ts";
import {
  addStamp,
  addStroke,
  appendPoint,
  distanceToStroke,
  nearestAnnotation,
  type Point,
  pointIn,
  removeAnnotation,
  unit,
} from "./annotation-geometry.ts";

describe("unit", () => {
  it("rounds to four decimals and clamps to the page", () => {
    expect(unit(0.123456)).toBe(0.1235);
    expect(unit(-0.2)).toBe(0);
    expect(unit(1.7)).toBe(1);
    expect(unit(Number.NaN)).toBe(0);
  });
});

describe("pointIn", () => {
  it("turns a pointer's position into fractions of the page's box", () => {
    const box = { left: 10, top: 20, width: 400, height: 600 };
    expect(pointIn(210, 320, box)).toEqual([0.5, 0.5]);
    expect(pointIn(0, 0, box)).toEqual([0, 0]);
    expect(pointIn(1000, 1000, box)).toEqual([1, 1]);
    expect(pointIn(10 + 400 / 3, 20, box)).toEqual([0.3333, 0]);
  });

  it("answers the corner for a box with no size (not NaN)", () => {
    expect(pointIn(5, 5, { left: 0, top: 0, width: 0, height: 0 })).toEqual([0, 0]);
  });
});

describe("appendPoint", () => {
  it("drops a point closer than 0.002 page widths to the last one", () => {
    const start: Point[] = [[0.5, 0.5]];
    expect(appendPoint(start, [0.501, 0.5], 1)).toBe(start);
    expect(appendPoint(start, [0.503, 0.5], 1)).toEqual([
      [0.5, 0.5],
      [0.503, 0.5],
    ]);
  });

  it("measures y in page widths: on a tall page a small y step is a longer way", () => {
    const start: Point[] = [[0.5, 0.5]];
    // 0.0015 of the height of a page 1.5 times as tall as wide is 0.00225 page widths.
    expect(appendPoint(start, [0.5, 0.5015], 1.5)).toHaveLength(2);
    expect(appendPoint(start, [0.5, 0.5015], 1)).toBe(start);
  });

  it("stops at the contract's points per stroke", () => {
    const full: Point[] = Array.from({ length: ANNOTATION_LIMITS.pointsPerStroke }, (_, i) => [
      unit(i / 4000),
      0,
    ]);
    expect(appendPoint(full, [0.9, 0.9], 1)).toBe(full);
  });
});

const page = (extra: Partial<PageAnnotations>): PageAnnotations => ({
  ...EMPTY_PAGE_ANNOTATIONS,
  ...extra,
});

describe("nearestAnnotation", () => {
  const value = page({
    strokes: [
      {
        colour: "red",
        width: 0.004,
        points: [
          [0.1, 0.1],
          [0.5, 0.1],
        ],
      },
    ],
    stamps: [{ at: [0.8, 0.8], kind: "tick" }],
    notes: [{ at: [0.3, 0.5], text: "Add a map." }],
  });

  it("finds a stroke by its segments, not only its points", () => {
    expect(distanceToStroke([0.3, 0.12], value.strokes[0]!, 1)).toBeCloseTo(0.018, 5);
    expect(nearestAnnotation(value, [0.3, 0.11], 1)).toEqual({ kind: "stroke", index: 0 });
  });

  it("finds stamps and notes near the tap, and nothing far from everything", () => {
    expect(nearestAnnotation(value, [0.81, 0.81], 1)).toEqual({ kind: "stamp", index: 0 });
    expect(nearestAnnotation(value, [0.31, 0.5], 1)).toEqual({ kind: "note", index: 0 });
    expect(nearestAnnotation(value, [0.9, 0.3], 1)).toBeNull();
  });

  it("removes the item found, leaving the rest", () => {
    const without = removeAnnotation(value, { kind: "stamp", index: 0 });
    expect(without.stamps).toEqual([]);
    expect(without.strokes).toBe(value.strokes);
    expect(without.notes).toBe(value.notes);
  });
});

describe("adding within the limits", () => {
  it("refuses a stroke or a stamp beyond the page's limit, and keeps the schema's shape", () => {
    const stroke = { colour: "blue" as const, width: 0.004, points: [[0.2, 0.2]] as Point[] };
    const full = page({
      strokes: Array.from({ length: ANNOTATION_LIMITS.strokesPerPage }, () => stroke),
      stamps: Array.from({ length: ANNOTATION_LIMITS.stampsPerPage }, () => ({
        at: [0.5, 0.5] as Point,
        kind: "cross" as const,
      })),
    });
    expect(addStroke(full, stroke)).toBeNull();
    expect(addStamp(full, { at: [0.1, 0.1], kind: "tick" })).toBeNull();

    const one = addStamp(addStroke(EMPTY_PAGE_ANNOTATIONS, stroke)!, {
      at: [0.1, 0.1],
      kind: "tick",
    });
    expect(pageAnnotationsSchema.parse(one)).toEqual(one);
  });
});

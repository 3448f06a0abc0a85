import type { ROTATIONS } from "../../../shared/evaluation.ts";

/** A page's quarter turn, as the submit contract takes it. */
export type Rotation = (typeof ROTATIONS)[number];

/** The next quarter turn clockwise: 0 → 90 → 180 → 270 → 0. */
export function nextRotation(rotation: Rotation): Rotation {
  return ((rotation + 90) % 360) as Rotation;
}

/** Whether a page turned this way shows its height as its width (a quarter or three turns). */
export function isSideways(rotation: Rotation): boolean {
  return rotation === 90 || rotation === 270;
}

/**
 * `items` with the one whose `id` is given moved `delta` places (−1 up, +1 down); unchanged when
 * it is not there or would leave the list. A new array; the items themselves are not copied.
 */
export function moveItem<T extends { id: string }>(items: readonly T[], id: string, delta: number) {
  const from = items.findIndex((item) => item.id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= items.length || delta === 0) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

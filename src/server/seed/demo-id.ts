import { createHash } from "node:crypto";

/**
 * The demo content's ids: the same on every install, so the seed can run again without
 * duplicates and tests can name a demo row (the end-to-end journeys' sample article).
 */
export function demoId(key: string): string {
  const hex = createHash("sha1").update(`demo:${key}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

import { msg } from "./i18n/msg.ts";

/**
 * The Mains papers a question belongs to. Apart from `evaluation.ts` and its schemas, so a page
 * that names a question's paper (the home page's question of the day) does not load zod.
 */
export const MAINS_PAPERS = ["gs1", "gs2", "gs3", "gs4", "essay", "optional"] as const;
export type MainsPaper = (typeof MAINS_PAPERS)[number];
export const MAINS_PAPER_LABELS: Record<MainsPaper, string> = {
  gs1: msg("GS I"),
  gs2: msg("GS II"),
  gs3: msg("GS III"),
  gs4: msg("GS IV"),
  essay: msg("Essay"),
  optional: msg("Optional"),
};

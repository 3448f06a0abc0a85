import { z } from "zod";
/** The kinds My Results lists (revision sessions live in the notebook, not here). */
export const RESULT_KINDS = ["exam", "quiz", "practice"] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

import { paginationQuerySchema } from "./pagination.ts";

/** My Results shows this many cards a page: each card's rank costs a few index range scans. */
export const MY_RESULTS_PAGE_SIZE = 10;

/** GET /api/results?kind=exam|quiz|practice&page=1: the student's completed attempts, newest first. */
export const myResultsQuerySchema = paginationQuerySchema.extend({
  kind: z.enum(RESULT_KINDS).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).default(MY_RESULTS_PAGE_SIZE),
});
export type MyResultsQuery = z.infer<typeof myResultsQuerySchema>;

import { z } from "zod";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** ?page=1&pageSize=20 (1-based), shared by every paginated list. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** A page of an admin list, optionally filtered by a search text. */
export type SearchPageQuery = PaginationQuery & { search?: string };

export type { Page } from "./page.ts";

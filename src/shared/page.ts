/** A page of a server-paginated list (no zod here: the browser's pager imports this). */
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export function pageCount(page: { total: number; pageSize: number }): number {
  return Math.max(1, Math.ceil(page.total / page.pageSize));
}

/** The page a paged list answers with: its rows, the count of all matches, and where it is. */
export function pageOf<T>(
  items: T[],
  total: { n: number } | undefined,
  at: { page: number; pageSize: number },
): Page<T> {
  return { items, total: total?.n ?? 0, page: at.page, pageSize: at.pageSize };
}

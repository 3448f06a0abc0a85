/** A page of a server-paginated list (no zod here: the browser's pager imports this). */
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export function pageCount(page: { total: number; pageSize: number }): number {
  return Math.max(1, Math.ceil(page.total / page.pageSize));
}

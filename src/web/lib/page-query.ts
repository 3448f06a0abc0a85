import { keepPreviousData, type QueryMeta, queryOptions } from "@tanstack/react-query";
import type { Page } from "../../shared/page.ts";
import { unwrap } from "./api.ts";

/** A list filter as the query string of a paginated route: numbers as text, blanks left out. */
export function pageQuery(filter: Record<string, string | number | undefined>) {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== "") query[key] = String(value);
  }
  return query;
}

/** A paginated route on the typed client: `api.admin.quizzes`, say. */
type PagedRoute<Data> = {
  $get: (args: {
    query: Record<string, string>;
  }) => Promise<{ ok: boolean; json: () => Promise<Data> } & Response>;
};

/**
 * The `queryOptions` of a server-paginated list (decision 032): `filter` (page, pageSize, search
 * and any other filter) as the route's query string, the key from the registry, and the previous
 * page kept on screen while the next one loads. `meta` carries the query's error toast.
 */
export function pagedListQuery<Data extends Page<unknown>, Key extends readonly unknown[]>(
  queryKey: Key,
  route: PagedRoute<Data>,
  filter: Record<string, string | number | undefined>,
  options: { meta?: QueryMeta } = {},
) {
  return queryOptions<Data, Error, Data, Key>({
    queryKey,
    queryFn: () => unwrap(route.$get({ query: pageQuery(filter) })),
    placeholderData: keepPreviousData,
    meta: options.meta,
  });
}

/** The row type of a paged list's `queryOptions` factory. */
export type PageRow<Factory extends (...args: never[]) => { queryFn?: unknown }> =
  NonNullable<ReturnType<Factory>["queryFn"]> extends (...args: never[]) => infer Result
    ? Awaited<Result> extends Page<infer Row>
      ? Row
      : never
    : never;

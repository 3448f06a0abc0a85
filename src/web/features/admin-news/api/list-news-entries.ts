import { api } from "@web/lib/api.ts";
import { pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

/** The admin's list of entries, newest first, a page at a time (no search). */
export const newsEntriesQueryOptions = (filter: ListFilter) =>
  pagedListQuery(
    queryKeys.news.adminList(filter.page),
    api.news,
    { page: filter.page, pageSize: filter.pageSize },
    { meta: { errorToast: { title: msg("Error Fetching News Entries") } } },
  );

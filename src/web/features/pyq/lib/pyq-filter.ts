import { pyqPracticeUrl } from "../../../../shared/pyq.ts";

/** The explorer's filter as the page's URL holds it: one subject, one topic, a year range. */
export type ExplorerFilter = {
  subjectId: string;
  topicId: string;
  fromYear: number | null;
  toYear: number | null;
  page: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const yearOf = (value: string | null) => (value && /^\d{4}$/.test(value) ? Number(value) : null);

/** Reads the filter from `?subjectId=&topicId=&fromYear=&toYear=&page=`; anything malformed is left out. */
export function readFilter(params: URLSearchParams): ExplorerFilter {
  const subjectId = params.get("subjectId") ?? "";
  const topicId = params.get("topicId") ?? "";
  let fromYear = yearOf(params.get("fromYear"));
  let toYear = yearOf(params.get("toYear"));
  if (fromYear !== null && toYear !== null && fromYear > toYear)
    [fromYear, toYear] = [toYear, fromYear];
  const page = Number(params.get("page"));
  return {
    subjectId: UUID.test(subjectId) ? subjectId : "",
    // A topic is chosen within its subject.
    topicId: UUID.test(subjectId) && UUID.test(topicId) ? topicId : "",
    fromYear,
    toYear,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The filter as the page's URL (empty parts and page 1 left out). */
export function writeFilter(filter: ExplorerFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.subjectId) params.set("subjectId", filter.subjectId);
  if (filter.topicId) params.set("topicId", filter.topicId);
  if (filter.fromYear !== null) params.set("fromYear", String(filter.fromYear));
  if (filter.toYear !== null) params.set("toYear", String(filter.toYear));
  if (filter.page > 1) params.set("page", String(filter.page));
  return params;
}

/** The API's query for the filter (no page): blanks left out. */
export function filterQuery(filter: ExplorerFilter) {
  return {
    subjectId: filter.subjectId || undefined,
    topicId: filter.topicId || undefined,
    fromYear: filter.fromYear ?? undefined,
    toYear: filter.toYear ?? undefined,
  };
}

/** "Practice these": the practice builder with the same filter. */
export function practiceUrl(filter: ExplorerFilter): string {
  return pyqPracticeUrl({
    subjectIds: filter.subjectId ? [filter.subjectId] : [],
    topicIds: filter.topicId ? [filter.topicId] : [],
    fromYear: filter.fromYear,
    toYear: filter.toYear,
  });
}

/** A list filter as the query string of a paginated route: numbers as text, blanks left out. */
export function pageQuery(filter: Record<string, string | number | undefined>) {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== "") query[key] = String(value);
  }
  return query;
}

import { formatDate } from "@web/lib/format.ts";

/** A published date (yyyy-mm-dd) shown as that calendar day wherever the reader is. */
export function formatPublishedDate(value: string): string {
  return formatDate(`${value}T00:00:00`);
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

export const faqsQueryOptions = queryOptions({
  queryKey: queryKeys.legal.faqs,
  queryFn: () => unwrap(api.legal.faqs.$get()),
});

export function useFaqs() {
  return useQuery(faqsQueryOptions);
}

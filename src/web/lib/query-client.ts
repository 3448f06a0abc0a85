import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";
import { sessionQueryKey } from "./auth.ts";

/** A 401 from any query means the session is gone (expired or revoked): drop it everywhere. */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const key = query.queryKey[0];
        if (error instanceof ApiError && error.status === 401 && key !== sessionQueryKey[0]) {
          queryClient.setQueryData(sessionQueryKey, null);
        }
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
  return queryClient;
}

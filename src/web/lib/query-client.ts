import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";
import { errorMessage } from "./error-message.ts";
import { i18n } from "./i18n.ts";
import { queryKeys } from "./query-keys.ts";
import { notify } from "./toast.ts";

/** A query's own word on its fetch errors, read by the one QueryCache.onError below. */
export type QueryErrorToast = {
  /** The toast's title when the query fails: English, marked with `msg()`, shown translated. */
  title: string;
  /** The toast's text from the error's message (default: the message itself). */
  describe?: (message: string) => string;
};

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: { errorToast?: QueryErrorToast };
  }
}

/**
 * A 401 from any query means the session is gone (expired or revoked): drop it everywhere.
 * A query that declares `meta.errorToast` gets its fetch error shown as a toast, here and only here.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const key = query.queryKey[0];
        if (error instanceof ApiError && error.status === 401 && key !== queryKeys.session[0]) {
          queryClient.setQueryData(queryKeys.session, null);
        }
        const toast = query.meta?.errorToast;
        if (toast) {
          const message = errorMessage(error, "An unexpected error occurred.");
          notify.error(i18n.t(toast.title), toast.describe ? toast.describe(message) : message);
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: 1,
        refetchOnWindowFocus: false,
        // Offline, a query still runs once: the service worker may answer it from what was
        // saved for offline reading (decision 045). Only its retries wait for the network.
        networkMode: "offlineFirst",
      },
    },
  });
  return queryClient;
}

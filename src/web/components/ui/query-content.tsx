import { errorMessage } from "@web/lib/error-message.ts";
import type { ReactNode } from "react";
import { ErrorState, LoadingState } from "./states.tsx";

export type QueryLike<T> = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
};

/**
 * A query's states in one place: loading, error with a retry, empty, then the content. Every page
 * draws its loading and error states through here (`npm run check:web-conventions`):
 * - loading: `LoadingState` with `loadingLabel` (`compact`: the spinner alone in a short box), or
 *   `loading` for another look (`null`: nothing while it loads);
 * - error (or no data): `ErrorState` with `errorTitle`, the error's message (else
 *   `errorFallback`) and a retry, or `error` for another look (a not-found page, a message in
 *   the flow, a redirect), handed the error and the retry.
 */
export function QueryContent<T>(props: {
  query: QueryLike<T>;
  loadingLabel?: string;
  compact?: boolean;
  loading?: ReactNode;
  errorTitle?: string;
  errorFallback?: string;
  error?: (error: Error | null, retry: () => void) => ReactNode;
  isEmpty?: (data: T) => boolean;
  /** Shown when `isEmpty` says so (a function: what it shows depends on the data). */
  empty?: ReactNode | ((data: T) => ReactNode);
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) {
    if (props.loading !== undefined) return props.loading;
    return <LoadingState label={props.loadingLabel} compact={props.compact} />;
  }
  if (query.isError || query.data === undefined) {
    const retry = () => void query.refetch();
    if (props.error) return props.error(query.error, retry);
    return (
      <ErrorState
        title={props.errorTitle ?? ""}
        message={
          props.errorFallback === undefined
            ? errorMessage(query.error)
            : errorMessage(query.error, props.errorFallback)
        }
        onRetry={retry}
      />
    );
  }
  if (props.isEmpty?.(query.data)) {
    return typeof props.empty === "function" ? props.empty(query.data) : props.empty;
  }
  return props.children(query.data);
}

/** What a query loads, from its options or a function making them: a loaded view's prop type. */
export type QueryData<Options> = Options extends (...args: never[]) => infer Made
  ? QueryData<Made>
  : Options extends { queryFn?: infer Fn }
    ? Fn extends (...args: never[]) => infer Result
      ? Awaited<Result>
      : never
    : never;

/** What a query hook (`useX() => useQuery(...)`) loads. */
export type HookData<Hook extends (...args: never[]) => { data: unknown }> = NonNullable<
  ReturnType<Hook>["data"]
>;

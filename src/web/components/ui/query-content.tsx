import { errorMessage } from "@web/lib/error-message.ts";
import type { ReactNode } from "react";
import { ErrorState, LoadingState } from "./states.tsx";

type QueryLike<T> = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
};

/** A list's states in one place: loading, error with a retry, empty, then the content. */
export function QueryContent<T>(props: {
  query: QueryLike<T>;
  loadingLabel: string;
  errorTitle: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return <LoadingState label={props.loadingLabel} />;
  if (query.isError || query.data === undefined) {
    return (
      <ErrorState
        title={props.errorTitle}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (props.isEmpty?.(query.data)) return props.empty;
  return props.children(query.data);
}

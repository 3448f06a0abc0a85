import { hc } from "hono/client";
import type { AppType } from "../../server/app.ts";
import { API_MESSAGES } from "../../shared/api-messages.ts";
import type { ApiErrorBody } from "../../shared/errors.ts";
import { i18n } from "./i18n.ts";

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
let fetchImpl: Fetch = (input, init) => fetch(input, init);

/**
 * Where the typed client's requests go: the browser's fetch, or, while the server renders a page
 * (src/web/entry-server.tsx), the server's own app answering in process with the reader's cookie.
 */
export function setApiFetch(next: Fetch): void {
  fetchImpl = next;
}

/** Typed client for the app's own routes (types only come from the server). */
export const api = hc<AppType>("/", {
  init: { credentials: "same-origin" },
  fetch: (input: RequestInfo | URL, init?: RequestInit) => fetchImpl(input, init),
}).api;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
  const error = body?.error;
  if (error?.message) {
    // A message with values arrives as a marked text too: it reads in the interface language
    // (the call sites' t() leaves a text the catalog does not hold as it is).
    const message = error.text ? i18n.t(error.text.key, error.text.values) : error.message;
    return new ApiError(response.status, String(error.code), message, error.details);
  }
  if (response.status === 0 || response.status >= 502) {
    return new ApiError(response.status, "UNAVAILABLE", API_MESSAGES.serverUnreachable);
  }
  return new ApiError(response.status, `HTTP_${response.status}`, API_MESSAGES.unexpected);
}

/** Awaits a typed-client call and returns its JSON, throwing ApiError on any non-2xx answer. */
export async function unwrap<T>(
  call: Promise<{ ok: boolean; json: () => Promise<T> } & Response>,
): Promise<T> {
  let response: Response & { json: () => Promise<T> };
  try {
    response = await call;
  } catch {
    throw new ApiError(0, "NETWORK", API_MESSAGES.offline);
  }
  if (!response.ok) throw await toApiError(response);
  return response.json();
}

/**
 * How long a save or a submit may go unanswered before it counts as a network failure: on a
 * flaky mobile network a request can hang with no error, and one hung save would otherwise hold
 * the answer queue (and the submit screen) forever. The retry logic takes over from there.
 */
export const REQUEST_TIMEOUT_MS = 25_000;

/**
 * Runs `run` with an AbortSignal that fires after `ms` (the reply's body included); a request
 * cut off this way throws the same ApiError as a network failure (status 0), so it is retried.
 */
export async function withTimeout<T>(
  run: (signal: AbortSignal) => Promise<T>,
  ms = REQUEST_TIMEOUT_MS,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return await run(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) {
      throw new ApiError(0, "NETWORK", API_MESSAGES.offline);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Plain JSON request for routes outside the typed client (the auth endpoints). */
export async function requestJson<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const call = fetch(path, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    credentials: "same-origin",
    headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return unwrap(call as Promise<Response & { json: () => Promise<T> }>);
}

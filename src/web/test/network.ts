import { vi } from "vitest";

type Handler = (input: RequestInfo | URL, init?: RequestInit) => Response | Promise<Response>;

/** A JSON answer as the API gives it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/**
 * The one way component tests stub the network: `fetch` answers with `handler` for the current
 * test (src/web/test/setup.ts undoes it after each test). Returns the mock, to inspect the calls.
 * Without a handler, any request fails the test (for "sends nothing" checks).
 */
export function stubFetch(
  handler: Handler = (input) => {
    throw new Error(`unexpected request: ${String(input)}`);
  },
) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(input, init));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

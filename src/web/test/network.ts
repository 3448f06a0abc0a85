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

/** One answer of `stubApi`: the request's URL and init, to read the query or the JSON body. */
export type ApiRoute = (request: {
  url: URL;
  init?: RequestInit;
  json: () => unknown;
}) => Response | Promise<Response>;

/**
 * `stubFetch` with an answer per "METHOD /path" (`"GET /api/news"`; the query string is not part
 * of the match). A request no route answers fails the way `stubFetch`'s default does. `requests`
 * lists every request made, as "METHOD /path?query", for the test to check what was sent.
 */
export function stubApi(routes: Record<string, ApiRoute>) {
  const requests: string[] = [];
  const fetch = stubFetch((input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request?.url ?? String(input), "http://localhost");
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    requests.push(`${method} ${url.pathname}${url.search}`);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) throw new Error(`unexpected request: ${method} ${url.pathname}${url.search}`);
    return route({ url, init, json: () => JSON.parse(String(init?.body)) });
  });
  return { fetch, requests };
}

/**
 * A paged list's answer to `url` (page and pageSize in its query): `total` rows in all, made by
 * `row(n)`, of which two stand for the page (a small table keeps a test quick); the pager goes by
 * the total.
 */
export function pagedAnswer(url: URL, row: (n: number) => unknown, total: number): Response {
  const page = Number(url.searchParams.get("page"));
  const pageSize = Number(url.searchParams.get("pageSize"));
  const first = (page - 1) * pageSize + 1;
  const items = [first, first + 1].filter((n) => n <= total).map(row);
  return jsonResponse(200, { items, total, page, pageSize });
}

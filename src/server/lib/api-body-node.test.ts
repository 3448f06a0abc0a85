// The JSON body fast path of apiBodyLimit (decision 027) only runs under @hono/node-server, so
// these tests serve a small app on a free port and talk to it over HTTP.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BODY_LIMIT, apiBodyLimit } from "./api-body-limit.ts";
import { AppError } from "./app-error.ts";

let server: ServerType;
let base = "";

const app = new Hono()
  .use("*", apiBodyLimit())
  .post("/json", async (c) => c.json({ got: await c.req.json() }))
  .post("/bytes", async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json({ bytes: [...bytes], text: await c.req.text() });
  })
  // better-auth is handed the fetch Request itself.
  .post("/raw", async (c) => c.json({ got: await c.req.raw.json() }))
  .post("/malformed", async (c) =>
    c.json({
      error: await c.req.json().then(
        () => null,
        (e: Error) => e.name,
      ),
    }),
  )
  .onError((error, c) =>
    error instanceof AppError
      ? c.json({ code: error.code }, error.status)
      : c.json({ code: "INTERNAL" }, 500),
  );

beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
      base = `http://127.0.0.1:${(info as AddressInfo).port}`;
      resolve();
    });
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string, body: BodyInit, type = "application/json") =>
  fetch(base + path, { method: "POST", headers: { "content-type": type }, body });

describe("a JSON body read straight from Node's request", () => {
  it("reaches c.req.json()", async () => {
    const response = await post("/json", JSON.stringify({ answers: [{ q: "ü", n: 1 }] }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ got: { answers: [{ q: "ü", n: 1 }] } });
  });

  it("gives arrayBuffer() the exact bytes and text() the decoded text, BOM dropped as fetch does", async () => {
    const bytes = [0xef, 0xbb, 0xbf, ...Buffer.from('{"a":1}')];
    const response = await post("/bytes", new Uint8Array(bytes));
    expect(await response.json()).toEqual({ bytes, text: '{"a":1}' });
  });

  it("is the body of c.req.raw too", async () => {
    const response = await post("/raw", JSON.stringify({ email: "a@example.com" }));
    expect(await response.json()).toEqual({ got: { email: "a@example.com" } });
  });

  it("rejects malformed JSON the way fetch's json() does", async () => {
    const response = await post("/malformed", "{not json");
    expect(await response.json()).toEqual({ error: "SyntaxError" });
  });

  it("refuses a declared length over the limit with 413", async () => {
    const response = await post("/json", `"${"x".repeat(API_BODY_LIMIT)}"`);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("refuses a chunked body over the limit with 413", async () => {
    const status = await new Promise<number>((resolve) => {
      const req = httpRequest(`${base}/json`, {
        method: "POST",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      });
      let answered = false;
      req.on("response", (res) => {
        answered = true;
        resolve(res.statusCode ?? 0);
        res.resume();
      });
      req.on("error", () => {});
      const chunk = "x".repeat(16 * 1024);
      let sent = 0;
      // One chunk at a time until the answer comes (or twice the limit has gone out).
      const next = () => {
        if (answered) return req.destroy();
        if (sent * chunk.length > 2 * API_BODY_LIMIT) return req.end();
        sent += 1;
        req.write(chunk, next);
      };
      next();
    });
    expect(status).toBe(413);
  });

  it("leaves other content types to Hono's bodyLimit", async () => {
    const response = await post("/bytes", "plain text", "text/plain");
    expect(await response.json()).toMatchObject({ text: "plain text" });
  });
});

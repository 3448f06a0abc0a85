import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { describe, expect, it } from "vitest";
import { jsonLength } from "./json-length.ts";

function app() {
  return new Hono()
    .use("*", compress())
    .use("*", jsonLength())
    .get("/small", (c) => {
      c.header("x-kept", "yes");
      c.header("set-cookie", "a=1; Path=/", { append: true });
      c.header("set-cookie", "b=2; Path=/", { append: true });
      return c.json({ saved: 1, rejected: [], stale: [] }, 201);
    })
    .get("/large", (c) => c.json({ items: Array.from({ length: 200 }, (_, i) => `item ${i}`) }))
    .get("/text", (c) => c.text("x".repeat(2000)))
    .get("/init", (c) => c.json({ ok: true }, { status: 202, headers: { "x-init": "1" } }))
    .get("/typed", (c) =>
      c.json({ title: "Gone" }, 410, { "Content-Type": "application/problem+json" }),
    );
}
const gzip = { "accept-encoding": "gzip" };

describe("jsonLength", () => {
  it("gives a small JSON answer its length, so it is sent as is, headers and status kept", async () => {
    const response = await app().request("/small", { headers: gzip });
    const body = JSON.stringify({ saved: 1, rejected: [], stale: [] });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("content-length")).toBe(String(body.length));
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("x-kept")).toBe("yes");
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(await response.text()).toBe(body);
  });

  it("still lets compress() gzip a JSON answer over its threshold", async () => {
    const response = await app().request("/large", { headers: gzip });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const json = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString());
    expect(json.items).toHaveLength(200);
  });

  it("leaves other content types alone", async () => {
    const response = await app().request("/text", { headers: gzip });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("keeps a ResponseInit's status and headers, and a content type the route chose", async () => {
    const init = await app().request("/init", { headers: gzip });
    expect(init.status).toBe(202);
    expect(init.headers.get("x-init")).toBe("1");
    expect(init.headers.get("content-length")).toBe(String(JSON.stringify({ ok: true }).length));
    const typed = await app().request("/typed", { headers: gzip });
    expect(typed.status).toBe(410);
    expect(typed.headers.get("content-type")).toBe("application/problem+json");
    expect(await typed.json()).toEqual({ title: "Gone" });
  });
});

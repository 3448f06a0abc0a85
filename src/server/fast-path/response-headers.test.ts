import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { describe, expect, it } from "vitest";
import { setResponseHeader } from "./response-headers.ts";

function app(onSame: (same: boolean) => void) {
  return new Hono()
    .use(
      "*",
      createMiddleware(async (c, next) => {
        await next();
        const before = c.res;
        setResponseHeader(c, "x-after", "1");
        onSame(c.res === before);
      }),
    )
    .get("/json", (c) => c.json({ ok: true }))
    .get("/redirect", () => Response.redirect("http://example.com/next", 302));
}

describe("setResponseHeader", () => {
  it("sets the header on the response already made, without re-making it", async () => {
    let same = false;
    const response = await app((s) => {
      same = s;
    }).request("/json");
    expect(response.headers.get("x-after")).toBe("1");
    expect(same).toBe(true);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("falls back to c.header() when the response's headers are immutable", async () => {
    const response = await app(() => {}).request("/redirect");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://example.com/next");
    expect(response.headers.get("x-after")).toBe("1");
  });
});

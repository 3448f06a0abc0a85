import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  bodyLimit,
  declare,
  openDuringMaintenance,
  policyOf,
  type RoutePolicy,
} from "./route-policy.ts";

/** An app whose outer middleware records what the matched route declared, as the real ones do. */
function appSeeing() {
  const seen: RoutePolicy[] = [];
  const module = new Hono()
    .use("*", declare({ refreshesViewers: "user" }))
    .post("/upload", bodyLimit(1000, "Too big."), (c) => c.text("ok"))
    .get("/open", openDuringMaintenance, (c) => c.text("ok"));
  const failing = new Hono().post("/x", bodyLimit(5, "Small."), (c) => c.text("ok"));
  failing.onError((_e, c) => c.text("own error handler", 500));
  const app = new Hono()
    .use("*", async (c, next) => {
      seen.push(policyOf(c));
      await next();
    })
    .route("/m", module)
    .route("/f", failing)
    .post("/plain", (c) => c.text("ok"));
  return { app, seen };
}

describe("route policy", () => {
  it("is read by middleware that runs before the route that declared it", async () => {
    const { app, seen } = appSeeing();
    await app.request("/m/upload", { method: "POST" });
    await app.request("/m/open");
    await app.request("/plain", { method: "POST" });
    expect(seen).toEqual([
      { refreshesViewers: "user", bodyLimit: { maxBytes: 1000, message: "Too big." } },
      { refreshesViewers: "user", openDuringMaintenance: true },
      {},
    ]);
  });

  it("is found through a module mounted with its own error handler", async () => {
    const { app, seen } = appSeeing();
    await app.request("/f/x", { method: "POST" });
    expect(seen).toEqual([{ bodyLimit: { maxBytes: 5, message: "Small." } }]);
  });

  it("keeps the first declaration of a kind along the chain", async () => {
    const seen: RoutePolicy[] = [];
    const app = new Hono()
      .use("*", async (c, next) => {
        seen.push(policyOf(c));
        await next();
      })
      .post("/twice", bodyLimit(10, "First."), bodyLimit(20, "Second."), (c) => c.text("ok"));
    await app.request("/twice", { method: "POST" });
    expect(seen).toEqual([{ bodyLimit: { maxBytes: 10, message: "First." } }]);
  });
});

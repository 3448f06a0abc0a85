import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/context.ts";
import type { Logger } from "../../lib/logger.ts";
import { declare } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import { seedDemo } from "../../seed/demo.ts";
import { createAdmin, createAdminInputSchema } from "../account/create-admin.ts";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The local-only channel the create-admin CLI uses while this process holds the embedded
 * database: loopback callers with the token from DATA_DIR/owner.json only.
 */
export function createInternalRoutes(deps: { db: Db; token: string; logger: Logger }) {
  return (
    new Hono<AppEnv>()
      .use("*", async (c, next) => {
        const remote = c.env?.incoming?.socket.remoteAddress ?? "";
        const token = c.req.header("x-internal-token") ?? "";
        if (!LOOPBACK.has(remote) || !sameSecret(token, deps.token)) {
          throw new AppError("NOT_FOUND", "Not found.");
        }
        await next();
      })
      // It may promote an account or end its sessions: cached viewers of this process go.
      .post(
        "/create-admin",
        declare({ refreshesViewers: "all" }),
        validate("json", createAdminInputSchema),
        async (c) => {
          const result = await createAdmin(deps.db, c.req.valid("json"));
          deps.logger.info("admin account", { outcome: result.outcome, email: result.email });
          return c.json(result);
        },
      )
      .post("/seed-demo", async (c) => c.json(await seedDemo(deps.db)))
  );
}

import { type Context, Hono } from "hono";
import { paginationQuerySchema } from "../../../shared/pagination.ts";
import {
  adminTicketListQuerySchema,
  feedbackInputSchema,
  supportTicketInputSchema,
  ticketAnswerInputSchema,
} from "../../../shared/support.ts";
import { CLIENT_IP_HEADER } from "../../auth/auth.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireAuth, requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { validate } from "../../lib/validate.ts";
import {
  answerTicket,
  closeTicket,
  createFeedback,
  createTicket,
  getMyTicket,
  getTicketForAdmin,
  listFeedback,
  listMyTickets,
  listTicketsForAdmin,
  type SupportDeps,
} from "./support.service.ts";

/**
 * /api/support: the support form and feedback (anyone, rate-limited; app.ts sets the client
 * address header on this path), and a signed-in user's own requests.
 */
export function createSupportRoutes(db: Db, deps: SupportDeps) {
  const sender = (c: Context<AppEnv>) => ({
    userId: c.get("viewer")?.userId ?? null,
    accountEmail: c.get("viewer")?.email ?? null,
    ip: c.req.header(CLIENT_IP_HEADER) ?? null,
  });
  return new Hono<AppEnv>()
    .post("/tickets", validate("json", supportTicketInputSchema), async (c) =>
      c.json(
        await createTicket(db, {
          deps,
          sender: sender(c),
          input: c.req.valid("json"),
          now: new Date(),
        }),
        201,
      ),
    )
    .get("/tickets", requireAuth, validate("query", paginationQuerySchema), async (c) =>
      c.json(await listMyTickets(db, { userId: viewerOf(c).userId, query: c.req.valid("query") })),
    )
    .get("/tickets/:id", requireAuth, validate("param", idParamSchema), async (c) =>
      c.json(await getMyTicket(db, { userId: viewerOf(c).userId, id: c.req.valid("param").id })),
    )
    .post("/feedback", validate("json", feedbackInputSchema), async (c) =>
      c.json(
        await createFeedback(db, {
          sender: sender(c),
          input: c.req.valid("json"),
          now: new Date(),
        }),
        201,
      ),
    );
}

/** /api/admin/support: every request, the answer and closing, and the feedback list. */
export function createAdminSupportRoutes(db: Db, deps: SupportDeps) {
  return new Hono<AppEnv>()
    .use(requireRole("admin"))
    .get("/tickets", validate("query", adminTicketListQuerySchema), async (c) =>
      c.json(await listTicketsForAdmin(db, c.req.valid("query"))),
    )
    .get("/tickets/:id", validate("param", idParamSchema), async (c) =>
      c.json(await getTicketForAdmin(db, c.req.valid("param").id)),
    )
    .post(
      "/tickets/:id/answer",
      validate("param", idParamSchema),
      validate("json", ticketAnswerInputSchema),
      async (c) =>
        c.json(
          await answerTicket(db, {
            deps,
            admin: viewerOf(c),
            id: c.req.valid("param").id,
            input: c.req.valid("json"),
            now: new Date(),
          }),
        ),
    )
    .post("/tickets/:id/close", validate("param", idParamSchema), async (c) =>
      c.json(await closeTicket(db, { id: c.req.valid("param").id, now: new Date() })),
    )
    .get("/feedback", validate("query", paginationQuerySchema), async (c) =>
      c.json(await listFeedback(db, c.req.valid("query"))),
    );
}

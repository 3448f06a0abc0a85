import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Page } from "../../../shared/page.ts";
import {
  type FeedbackInput,
  feedbackInputSchema,
  SUPPORT_MESSAGES,
  type SupportTicketInput,
  supportTicketInputSchema,
  type TicketAnswerInput,
  type TicketStatus,
  ticketAnswerInputSchema,
} from "../../../shared/support.ts";
import type { Db } from "../../db/client.ts";
import { feedback, supportTickets } from "../../db/schema/support.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import { containsPattern } from "../../lib/search.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { supportTicketEmail } from "../../mail/templates.ts";
import { enqueueMessages, type Outbox } from "../notifications/outbox.ts";
import type { SiteSettings } from "../settings/settings.service.ts";
import { assertMaySend, countSent, senderKey } from "./support-throttle.ts";

export type SupportDeps = {
  /** The team's mail (a new request). */
  mailer: Mailer;
  /** The answer to the person who asked (docs/guides/messages.md). */
  outbox: Outbox;
  logger: Logger;
  publicUrl: string;
  getSettings: () => Promise<SiteSettings>;
};

type TicketRow = typeof supportTickets.$inferSelect;

/** What the person who asked sees of their request. */
function toTicketDto(row: TicketRow) {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    status: row.status as TicketStatus,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The admin's view adds who asked. */
function toAdminTicketDto(row: TicketRow) {
  return { ...toTicketDto(row), name: row.name, email: row.email, userId: row.userId };
}

/** Mail is best effort: the request is stored either way, and the admin sees it listed. */
async function trySend(deps: SupportDeps, message: Parameters<Mailer["send"]>[0]) {
  try {
    await deps.mailer.send(message);
    return true;
  } catch (error) {
    deps.logger.warn("support mail not sent", {
      to: message.to,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}

export type CreateTicketInput = {
  deps: SupportDeps;
  sender: { userId: string | null; accountEmail: string | null; ip: string | null };
  input: SupportTicketInput;
  now: Date;
};

/** Stores a request, counts it against the sender's limit and mails the team. */
export async function createTicket(db: Db, { deps, sender, input, now }: CreateTicketInput) {
  // A signed-in user is answered at their account's address, whatever the form says: the answer
  // may carry account details, so it never goes to an address someone typed.
  const parsed = supportTicketInputSchema.parse(input);
  const values = { ...parsed, email: sender.accountEmail ?? parsed.email };
  const key = senderKey("support", sender.userId, sender.ip);
  await assertMaySend(db, { key, now });
  const [row] = await db
    .insert(supportTickets)
    .values({ ...values, userId: sender.userId, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error("ticket insert returned no row");
  await countSent(db, { key, now });
  const settings = await deps.getSettings();
  await trySend(
    deps,
    supportTicketEmail(settings.contactEmail, settings.appTitle, {
      ...values,
      adminUrl: `${deps.publicUrl.replace(/\/+$/, "")}/admin/support`,
    }),
  );
  return toTicketDto(row);
}

async function pageOfTickets<T>(
  db: Db,
  where: SQL | undefined,
  query: { page: number; pageSize: number },
  map: (row: TicketRow) => T,
): Promise<Page<T>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(supportTickets).where(where),
  ]);
  return { items: rows.map(map), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

export type ListMyTicketsInput = {
  userId: string;
  query: { page: number; pageSize: number };
};

/** The signed-in user's own requests, newest first (support_tickets_user_created_idx). */
export async function listMyTickets(db: Db, { userId, query }: ListMyTicketsInput) {
  return pageOfTickets(db, eq(supportTickets.userId, userId), query, toTicketDto);
}

export type GetMyTicketInput = {
  userId: string;
  id: string;
};

/** One of the user's own requests; anyone else's is not found. */
export async function getMyTicket(db: Db, { userId, id }: GetMyTicketInput) {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), eq(supportTickets.userId, userId)));
  if (!row) throw new AppError("NOT_FOUND", SUPPORT_MESSAGES.notFound);
  return toTicketDto(row);
}

export type ListTicketsForAdminInput = {
  page: number;
  pageSize: number;
  search?: string;
  status?: TicketStatus;
};

export async function listTicketsForAdmin(db: Db, query: ListTicketsForAdminInput) {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where = and(
    query.status ? eq(supportTickets.status, query.status) : undefined,
    pattern
      ? or(
          ilike(supportTickets.subject, pattern),
          ilike(supportTickets.email, pattern),
          ilike(supportTickets.name, pattern),
        )
      : undefined,
  );
  return pageOfTickets(db, where, query, toAdminTicketDto);
}

export async function getTicketForAdmin(db: Db, id: string) {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
  if (!row) throw new AppError("NOT_FOUND", SUPPORT_MESSAGES.notFound);
  return toAdminTicketDto(row);
}

export type AnswerTicketInput = {
  deps: SupportDeps;
  admin: { userId: string };
  id: string;
  input: TicketAnswerInput;
  now: Date;
};

/**
 * The admin's answer: stored (replacing an earlier one) with its mail to the person who asked in
 * the outbox, in one transaction; then the mail is sent. A closed request takes no answer.
 * `mailSent` says whether the mail went out now (otherwise the outbox tries again).
 */
export async function answerTicket(db: Db, { deps, admin, id, input, now }: AnswerTicketInput) {
  const { answer, close } = ticketAnswerInputSchema.parse(input);
  const { row, messages } = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, id))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND", SUPPORT_MESSAGES.notFound);
    if (current.status === "closed") throw new AppError("CONFLICT", SUPPORT_MESSAGES.closed);
    const [updated] = await tx
      .update(supportTickets)
      .set({
        answer,
        status: close ? "closed" : "answered",
        answeredAt: now,
        answeredBy: admin.userId,
        closedAt: close ? now : null,
        updatedAt: now,
      })
      .where(eq(supportTickets.id, id))
      .returning();
    if (!updated) throw new AppError("NOT_FOUND", SUPPORT_MESSAGES.notFound);
    // Each answer is its own message (an answer given again is mailed again).
    const messages = await enqueueMessages(tx, {
      messages: [
        {
          kind: "supportAnswer",
          userId: updated.userId,
          ref: `${updated.id}@${now.toISOString()}`,
          payload: {
            to: updated.email,
            name: updated.name,
            subject: updated.subject,
            message: updated.message,
            answer,
            closed: close,
          },
        },
      ],
      now,
    });
    return { row: updated, messages };
  });
  const statuses = await deps.outbox.deliver(messages, now);
  const mailSent = messages.every((message) => statuses.get(message) === "sent");
  return { ticket: toAdminTicketDto(row), mailSent };
}

export type CloseTicketInput = {
  id: string;
  now: Date;
};

/** Closes a request (again is fine: it stays closed as it was). */
export async function closeTicket(db: Db, { id, now }: CloseTicketInput) {
  const [row] = await db
    .update(supportTickets)
    .set({
      status: "closed",
      closedAt: sql`coalesce(${supportTickets.closedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(supportTickets.id, id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", SUPPORT_MESSAGES.notFound);
  return toAdminTicketDto(row);
}

export type CreateFeedbackInput = {
  sender: { userId: string | null; ip: string | null };
  input: FeedbackInput;
  now: Date;
};

/** Stores feedback (rate-limited like the support form). */
export async function createFeedback(db: Db, { sender, input, now }: CreateFeedbackInput) {
  const values = feedbackInputSchema.parse(input);
  const key = senderKey("feedback", sender.userId, sender.ip);
  await assertMaySend(db, { key, now });
  const [row] = await db
    .insert(feedback)
    .values({ ...values, userId: sender.userId, createdAt: now })
    .returning({ id: feedback.id });
  await countSent(db, { key, now });
  return { id: row?.id ?? null };
}

export type ListFeedbackInput = { page: number; pageSize: number };

export async function listFeedback(db: Db, query: ListFeedbackInput) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(feedback)
      .orderBy(desc(feedback.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(feedback),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      rating: row.rating,
      message: row.message,
      fromUser: row.userId !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

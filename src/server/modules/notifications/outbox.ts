import { type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import {
  type OutboxKind,
  type OutboxPayload,
  type OutboxStatus,
  outbox,
} from "../../db/schema/outbox.ts";
import { type DispatchDeps, deliverMessages, sendDueNotifications } from "./dispatcher.ts";

export type NewMessage = {
  kind: OutboxKind;
  /** The student; null with `payload.to` for an address without an account. */
  userId: string | null;
  /** What the message is about (a copy's id, a ticket's answer): with the kind and the recipient, its dedupe key. */
  ref: string;
  payload: OutboxPayload;
  /** Not before this (default: now). */
  dueAt?: Date;
  /** Dropped, not sent, from this moment. */
  expiresAt?: Date | null;
};

/** `<kind>:<ref>:<recipient>`: the key a second enqueue of the same message finds taken. */
export const dedupeKey = (message: Pick<NewMessage, "kind" | "ref" | "userId" | "payload">) =>
  `${message.kind}:${message.ref}:${message.userId ?? String(message.payload.to ?? "")}`;

/** Rows per insert: 9 parameters each stays far below Postgres's 65,535 per statement. */
const ROWS_PER_INSERT = 1000;

export type EnqueueMessagesInput = {
  messages: NewMessage[];
  now: Date;
};

/**
 * Writes messages to the outbox. Call it inside the transaction of the change the messages tell
 * of, so both commit or neither does; a message already there (its dedupe key) is not written
 * twice. Returns the ids written now, for `Outbox#deliver` after the commit.
 */
export async function enqueueMessages(
  tx: DbOrTx,
  { messages, now }: EnqueueMessagesInput,
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < messages.length; start += ROWS_PER_INSERT) {
    const rows = await tx
      .insert(outbox)
      .values(
        messages.slice(start, start + ROWS_PER_INSERT).map((message) => ({
          userId: message.userId,
          kind: message.kind,
          payload: message.payload,
          dedupeKey: dedupeKey(message),
          createdAt: now,
          dueAt: message.dueAt ?? now,
          nextTryAt: now,
          expiresAt: message.expiresAt ?? null,
        })),
      )
      .onConflictDoNothing({ target: outbox.dedupeKey })
      .returning({ id: outbox.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

export type EnqueueSelectedInput = {
  kind: OutboxKind;
  rows: SQL;
  now: Date;
};

/**
 * `enqueueMessages` in one statement, for a change that tells many students at once (a live
 * test's results): one message of `kind` per row of `rows`, a select giving `user_id`, `ref` and
 * `payload` (jsonb), due now. The same rules: inside the change's transaction, one row per dedupe
 * key. Returns how many were written now; the sweep delivers them (a service delivering
 * thousands of rows in its own request would wait for every push).
 */
export async function enqueueSelected(
  tx: DbOrTx,
  { kind, rows, now }: EnqueueSelectedInput,
): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const written = await tx.execute(sql`
    with written as (
      insert into ${outbox} (user_id, kind, payload, dedupe_key, created_at, due_at, next_try_at)
      select m.user_id, ${kind}, m.payload, ${kind} || ':' || m.ref || ':' || m.user_id,
             ${at}, ${at}, ${at}
        from (${rows}) m
      on conflict (dedupe_key) do nothing
      returning 1)
    select count(*)::int as n from written`);
  return (written as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** The outbox as services and the sweeper use it. */
export type Outbox = {
  /**
   * Right after the commit that enqueued `ids`: delivers them now, and says what became of each
   * (`sent`, `pending`: held or to be tried again by the sweep, `failed`, `dropped`). A process
   * that dies before or during this leaves them to the next sweep of any instance.
   */
  deliver: (ids: string[], now: Date) => Promise<Map<string, OutboxStatus>>;
  /** One round of the sweeper: plan what became due, deliver everything due. */
  sweep: (now: Date) => Promise<{ push: number; email: number }>;
};

export type OutboxOptions = DispatchDeps & {
  /**
   * Tests only (OUTBOX_CRASH_AFTER_COMMIT with NODE_ENV=test, env.ts): the process kills itself
   * (SIGKILL) when asked to deliver, that is right after the enqueuing commit and before any
   * send, so the crash test can restart it and see the message delivered once.
   */
  crashAfterCommit?: boolean;
};

export function createOutbox(db: Db, options: OutboxOptions): Outbox {
  const { crashAfterCommit, ...deps } = options;
  return {
    deliver: async (ids, now) => {
      if (ids.length === 0) return new Map();
      if (crashAfterCommit) {
        process.kill(process.pid, "SIGKILL");
        await new Promise(() => {});
      }
      return (await deliverMessages(db, { deps, now, only: ids })).statuses;
    },
    sweep: (now) => sendDueNotifications(db, { deps, now }),
  };
}

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../../../scripts/lib/free-port.mjs";
import { openDatabase } from "../../db/client.ts";
import { outbox } from "../../db/schema/outbox.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { supportTickets } from "../../db/schema/support.ts";
import { dataPaths } from "../../lib/data-dir.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { prepareDatabase } from "../../prepare-database.ts";
import { TEST_ADMIN_PASSWORD } from "../../test/test-app.ts";
import { createAdmin } from "../account/create-admin.ts";

// Exactly once across a crash (docs/guides/messages.md): a real server on an embedded database
// answers a support request and, with the test-only OUTBOX_CRASH_AFTER_COMMIT hook, kills itself
// (SIGKILL) right after the answer and its mail commit, before the mail is sent. A second server
// on the same DATA_DIR must send that mail exactly once (its file mailer, DATA_DIR/outbox, is the
// stand-in receiver) and record the outbox row as sent.

// Bounds for a busy 2-core machine; each wait ends as soon as its condition holds.
const START_MS = 120_000;

const dataDir = mkdtempSync(path.join(tmpdir(), "outbox-crash-"));
const paths = dataPaths(dataDir);
const servers: ChildProcess[] = [];

afterAll(() => {
  // Only the processes this test started.
  for (const server of servers) if (server.exitCode === null) server.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** The server as `npm start` runs it, on this test's data folder and a free port. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_FORMAT: "json",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  servers.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const healthy = await until(
    () =>
      fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ),
    START_MS,
  );
  expect(healthy, output).toBe(true);
  return { child, base, exited, output: () => output };
}

/** The mails the file mailer wrote for `to`. */
function mailsTo(to: string): MailMessage[] {
  if (!existsSync(paths.outbox)) return [];
  return readdirSync(paths.outbox)
    .map((name) => JSON.parse(readFileSync(path.join(paths.outbox, name), "utf8")) as MailMessage)
    .filter((mail) => mail.to === to);
}

type Database = Awaited<ReturnType<typeof openDatabase>>;
/** Opens the data folder's database (no server holds it then), migrated, for `work`. */
async function withDatabase<T>(work: (db: Database["db"]) => Promise<T>) {
  const database = await openDatabase({ dataDir: paths.database });
  try {
    await prepareDatabase(database, { seedDemo: false });
    return await work(database.db);
  } finally {
    await database.close();
  }
}

describe("a crash between the commit and the send", () => {
  it(
    "loses no message and sends none twice: the restarted server delivers it once",
    async () => {
      const adminEmail = "admin@example.com";
      const studentEmail = "student@example.com";
      // The data folder: migrated, an admin who answers, a student's open request.
      const ticketId = await withDatabase(async (db) => {
        await createAdmin(db, { email: adminEmail, password: TEST_ADMIN_PASSWORD, name: "Admin" });
        const { userId } = await createAdmin(db, {
          email: studentEmail,
          password: TEST_ADMIN_PASSWORD,
          name: "Asha Rao",
        });
        await db.update(profiles).set({ role: "student" }).where(eq(profiles.id, userId));
        const [ticket] = await db
          .insert(supportTickets)
          .values({
            userId,
            name: "Asha Rao",
            email: studentEmail,
            subject: "Payment taken twice",
            message: "I was charged twice.",
          })
          .returning({ id: supportTickets.id });
        if (!ticket) throw new Error("no ticket");
        return ticket.id;
      });

      // 1. The server that dies: the answer commits, then SIGKILL before the send. No sweep
      //    runs while it lives (the first one, at start, finds nothing).
      const doomed = await startServer({
        OUTBOX_CRASH_AFTER_COMMIT: "1",
        SWEEP_INTERVAL_SECONDS: "3600",
      });
      const signIn = await fetch(`${doomed.base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { origin: doomed.base, "content-type": "application/json" },
        body: JSON.stringify({ email: adminEmail, password: TEST_ADMIN_PASSWORD }),
      });
      expect(signIn.status, doomed.output()).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const answered = await fetch(`${doomed.base}/api/admin/support/tickets/${ticketId}/answer`, {
        method: "POST",
        headers: { origin: doomed.base, "content-type": "application/json", cookie },
        body: JSON.stringify({ answer: "We have refunded the second payment." }),
      }).then(
        (response) => `answered ${response.status}`,
        () => "connection lost",
      );
      expect(answered).toBe("connection lost");
      expect(await doomed.exited).toEqual({ code: null, signal: "SIGKILL" });
      expect(mailsTo(studentEmail)).toEqual([]);

      // 2. The restarted server: its sweeps (every second) find the committed mail and send it.
      const revived = await startServer({ SWEEP_INTERVAL_SECONDS: "1" });
      expect(await until(() => mailsTo(studentEmail).length > 0, START_MS), revived.output()).toBe(
        true,
      );
      // Stopped cleanly, so every send it began has ended: still one mail.
      revived.child.kill("SIGTERM");
      expect((await revived.exited).code).toBe(0);
      const mails = mailsTo(studentEmail);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe("Re: Payment taken twice");
      expect(mails[0]?.text).toContain("We have refunded the second payment.");

      // 3. The row: sent, on the first try, by email.
      const rows = await withDatabase((db) =>
        db.select().from(outbox).where(eq(outbox.kind, "supportAnswer")),
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: "sent", attempts: 1, channel: "email" });
      expect(rows[0]?.deliveredAt).toBeInstanceOf(Date);
      const [ticket] = await withDatabase((db) =>
        db.select().from(supportTickets).where(eq(supportTickets.id, ticketId)),
      );
      expect(ticket?.answer).toBe("We have refunded the second payment.");
    },
    3 * START_MS,
  );
});

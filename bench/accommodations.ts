// npm run bench:accommodations -- [--requests 20000] [--runs 300]
// Decision 048: the admins' list of extra-time requests with `requests` rows (default 20,000) on
// PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a scratch
// database is created on it and dropped after). A tenth are under review, the rest approved,
// refused or revoked. Measures p50/p95 over `runs` calls of the first page, a late page and a
// search by email, and of `extraSecondsFor` (the one read a start adds); goal p95 under 50 ms.
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client.ts";
import { listAccommodations } from "../src/server/modules/accommodations/accommodation-review.ts";
import { extraSecondsFor } from "../src/server/modules/accommodations/extra-time.ts";
import { openScratch } from "./lib/scratch.ts";
import { measureAgainstGoal } from "./lib/stats.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "20000" },
    runs: { type: "string", default: "300" },
  },
});
const REQUESTS = Number(values.requests);
const RUNS = Number(values.runs);
const GOAL_MS = 50;

async function seed(database: Database) {
  const db = database.db;
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select 's' || g, 'Student ' || g, 'student' || g || '@bench.test', true
      from generate_series(1, ${REQUESTS}) g`);
  await db.execute(sql`insert into accommodations (user_id, status, certificate_key, certificate_type,
                         certificate_uploaded_at, extra_time_kind, extra_minutes, reason, requested_at)
    select 's' || g,
           case when g % 10 = 0 then 'pending' when g % 10 in (1, 2) then 'rejected'
                when g % 10 = 3 then 'revoked' else 'approved' end,
           's' || g || '/certificate.pdf', 'application/pdf',
           now() - (g * interval '1 minute'),
           case when g % 10 >= 4 then (case when g % 2 = 0 then 'per_hour' else 'fixed' end) end,
           case when g % 10 >= 4 then (case when g % 2 = 0 then 20 else 30 end) end,
           case when g % 10 in (1, 2, 3) then 'Not legible.' end,
           now() - (g * interval '1 minute')
      from generate_series(1, ${REQUESTS}) g`);
  await db.execute(sql`analyze`);
  console.log(`seeded ${REQUESTS} requests (${REQUESTS / 10} under review)`);
}

const measure = (label: string, run: () => Promise<unknown>) =>
  measureAgainstGoal(label, run, { runs: RUNS, goalMs: GOAL_MS });

const { database, cleanup } = await openScratch("bench_accommodations");
let failed = false;
try {
  console.log(
    `PostgreSQL; ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  await seed(database);
  const db = database.db;
  const first = await listAccommodations(db, { page: 1, pageSize: 20 });
  if (first.items.some((r) => r.status !== "pending") || first.total !== REQUESTS) failed = true;
  const plan = (await db.execute(sql`explain select a.id from accommodations a
      join "user" u on u.id = a.user_id
      order by (a.status <> 'pending'), a.requested_at desc nulls last, a.id limit 20`)) as unknown as {
    rows: { "QUERY PLAN": string }[];
  };
  const usesIndex = plan.rows.some((r) => r["QUERY PLAN"].includes("accommodations_review_idx"));
  console.log(`first page plan uses accommodations_review_idx: ${usesIndex}`);
  if (!usesIndex) failed = true;
  const p95s = [
    await measure("list, first page", () => listAccommodations(db, { page: 1, pageSize: 20 })),
    await measure("list, page 500", () => listAccommodations(db, { page: 500, pageSize: 20 })),
    await measure("list, search by email", () =>
      listAccommodations(db, { page: 1, pageSize: 20, search: "student1234@" }),
    ),
    await measure("extraSecondsFor (a start)", () =>
      extraSecondsFor(db, { userId: "s4", timeLimitSeconds: 7200 }),
    ),
  ];
  if (p95s.some((p) => p >= GOAL_MS)) failed = true;
} finally {
  await cleanup();
}
console.log(failed ? "FAILED" : "all within the goal");
if (failed) process.exitCode = 1;

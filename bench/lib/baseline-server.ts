// The hardware floor for `npm run bench:exam -- --baseline`: a bare Hono + @hono/node-server
// process that answers POST /api/attempts/:id/answers with one PostgreSQL upsert and nothing
// else (no session, no checks, no middleware). The bench drives it with the same client code,
// request count and concurrency as the app's save phase, in the same run.
//
// Environment: DATABASE_URL (the bench's scratch database), PORT, POOL_SIZE (the app's default).
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import pg from "pg";

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 10),
});
await pool.query(`
  create table if not exists bench_baseline_answers (
    attempt_id uuid not null,
    question_id uuid not null,
    selected_answer char(1),
    marked_for_review boolean not null default false,
    client_seq bigint not null default 0,
    answered_at timestamptz not null default now(),
    primary key (attempt_id, question_id)
  )`);

type Body = {
  answers: {
    questionId: string;
    selectedAnswer: string | null;
    markedForReview: boolean;
    clientSeq: number;
  }[];
};

const app = new Hono()
  .get("/api/health", (c) => c.json({ ok: true }))
  .post("/api/attempts/:id/answers", async (c) => {
    const body = await c.req.json<Body>();
    const a = body.answers[0];
    if (!a) return c.json({ error: "no answer" }, 422);
    await pool.query(
      `insert into bench_baseline_answers
         (attempt_id, question_id, selected_answer, marked_for_review, client_seq, answered_at)
       values ($1, $2, $3, $4, $5, now())
       on conflict (attempt_id, question_id) do update
         set selected_answer = excluded.selected_answer,
             marked_for_review = excluded.marked_for_review,
             client_seq = excluded.client_seq,
             answered_at = excluded.answered_at`,
      [c.req.param("id"), a.questionId, a.selectedAnswer, a.markedForReview, a.clientSeq],
    );
    return c.json({ saved: 1 });
  });

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });
process.on("SIGTERM", () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});

import type { Db } from "../../src/server/db/client.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { type Env, loadEnv } from "../../src/server/env.ts";
import {
  claimOwner,
  dataPaths,
  readOwner,
  releaseOwner,
  waitFor,
} from "../../src/server/lib/data-dir.ts";
import { prepareDatabase } from "../../src/server/prepare-database.ts";

/**
 * Runs a CLI action against the configured database. PGlite allows one process at a time, so
 * when a server already holds the embedded database the action is sent to that server over its
 * local-only channel (loopback + a token in DATA_DIR/owner.json) instead.
 */
export async function withDatabase<T>(
  action: {
    internalPath: string;
    body: unknown;
    direct: (db: Db) => Promise<T>;
  },
  env: Env = loadEnv(),
  say: (line: string) => void = (line) => console.log(line),
): Promise<{ result: T; via: string }> {
  if (!env.DATABASE_URL) {
    const owner = readOwner(env.dataDir);
    if (owner?.kind === "cli") {
      throw new Error(
        `Another command (pid ${owner.pid}) is using ${env.dataDir}. Try again when it ends.`,
      );
    }
    // A server that is still starting (migrating, seeding) gets a minute to start listening.
    const running =
      owner &&
      (await waitFor(() => {
        const current = readOwner(env.dataDir);
        return current?.port ? current : null;
      }, 60_000));
    if (owner && !running) {
      throw new Error(
        `The server (pid ${owner.pid}) holding ${env.dataDir} did not finish starting. Try again.`,
      );
    }
    if (running) {
      const response = await fetch(
        `http://127.0.0.1:${running.port}/internal/${action.internalPath}`,
        {
          method: "POST",
          headers: { "Content-Type": "application/json", "x-internal-token": running.token ?? "" },
          body: JSON.stringify(action.body),
        },
      ).catch(() => null);
      if (!response) {
        throw new Error(
          `A server (pid ${running.pid}) holds the embedded database but did not answer on port ${running.port}. Stop it and try again.`,
        );
      }
      const json = (await response.json()) as T & { error?: { message: string } };
      if (!response.ok)
        throw new Error(json.error?.message ?? `Server answered ${response.status}`);
      return { result: json, via: `the running server (pid ${running.pid})` };
    }
  }
  if (!env.DATABASE_URL && !claimOwner(env.dataDir, { pid: process.pid, kind: "cli" })) {
    throw new Error(`Another process started using ${env.dataDir} just now. Try again.`);
  }
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: dataPaths(env.dataDir).database,
    poolSize: 2,
  });
  try {
    // Same preparation as `npm start`: a command that creates the database seeds it too.
    const { demo } = await prepareDatabase(database, {
      seedDemo: !env.DATABASE_URL && env.SEED_DEMO,
    });
    if (demo) {
      say(
        `New database in ${env.dataDir}: added the demo content (${demo.exams} exams, ${demo.questions} questions, ${demo.quizzes} quizzes, ${demo.news} news articles).`,
      );
    }
    const result = await action.direct(database.db);
    const where = env.DATABASE_URL ? "PostgreSQL" : `the embedded database in ${env.dataDir}`;
    return { result, via: where };
  } finally {
    await database.close();
    if (!env.DATABASE_URL) releaseOwner(env.dataDir);
  }
}

// What the fast paths take from their libraries beyond the documented API (README.md): one test
// per private field or undocumented behaviour of drizzle-orm, Hono and @hono/node-server. Each
// failure names the dependency and the file that relies on it, so an upgrade that changes one
// fails here, by name, rather than as a slower save or a confusing failure elsewhere.
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer, getRequestListener, type ServerType, serve } from "@hono/node-server";
import { zValidator } from "@hono/zod-validator";
import { Placeholder, sql } from "drizzle-orm";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { parseAccept } from "hono/utils/accept";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { openDatabase } from "../db/client.ts";
import { isJsonType } from "../lib/api-body-limit.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { jsonLength } from "./json-length.ts";
import { preparedSql } from "./prepared-sql.ts";
import { setResponseHeader } from "./response-headers.ts";

/** The message of a failed check: the dependency, what changed, and who relies on it. */
const relied = (dependency: string, what: string, file: string) =>
  `${dependency}: ${what}. Relied on by src/server/${file} (src/server/fast-path/README.md); ` +
  "an upgrade changed it: adapt that file, and check the parity tests and bench:exam --baseline";

/** Drizzle's parts prepared-sql.ts reaches (public on the classes, not in their types). */
type DrizzleInternals = {
  dialect?: { sqlToQuery?: (query: unknown) => { sql: string; params: unknown[] } };
  session?: {
    prepareQuery?: (...args: unknown[]) => { execute: (v: unknown) => Promise<unknown> };
  };
  $client?: unknown;
};
const internalsOf = (db: unknown) => db as DrizzleInternals;

/** A drizzle database on a node-postgres pool that never connects (its calls are stubbed). */
async function poolDatabase() {
  const database = await openDatabase({ databaseUrl: "postgres://nobody@127.0.0.1:1/nothing" });
  return { database, pool: internalsOf(database.db).$client as pg.Pool };
}

const opened: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
});

describe("drizzle-orm internals (prepared-sql.ts)", () => {
  it("dialect.sqlToQuery turns sql with placeholders into text and params holding Placeholder", async () => {
    const { database } = await poolDatabase();
    opened.push(database);
    const toQuery = internalsOf(database.db).dialect?.sqlToQuery;
    expect(
      typeof toQuery,
      relied("drizzle-orm", "db.dialect.sqlToQuery is gone", "fast-path/prepared-sql.ts"),
    ).toBe("function");
    const query = toQuery?.call(
      internalsOf(database.db).dialect,
      sql`select ${sql.placeholder("attemptId")}::uuid, ${7}::int`,
    );
    const what =
      "sqlToQuery no longer answers { sql, params } with a Placeholder (its .name) per sql.placeholder";
    expect(query?.sql, relied("drizzle-orm", what, "fast-path/prepared-sql.ts")).toBe(
      "select $1::uuid, $2::int",
    );
    const [first, second] = query?.params ?? [];
    expect(
      first instanceof Placeholder,
      relied("drizzle-orm", what, "fast-path/prepared-sql.ts"),
    ).toBe(true);
    expect(
      (first as Placeholder).name,
      relied("drizzle-orm", what, "fast-path/prepared-sql.ts"),
    ).toBe("attemptId");
    expect(
      second,
      relied(
        "drizzle-orm",
        "an inlined value is no longer a plain param",
        "fast-path/prepared-sql.ts",
      ),
    ).toBe(7);
  });

  it("db.$client is the node-postgres Pool the database was made with, and a transaction has none", async () => {
    const { database, pool } = await poolDatabase();
    opened.push(database);
    expect(
      pool instanceof pg.Pool,
      relied("drizzle-orm", "db.$client is not the pg.Pool", "fast-path/prepared-sql.ts"),
    ).toBe(true);
    // A transaction on a client of its own: preparedSql must stay on it, never go to the pool.
    const client = {
      query: vi.fn(async () => ({ rows: [{ one: 1 }], rowCount: 1, fields: [] })),
      release: () => {},
    };
    vi.spyOn(pool, "connect").mockImplementation(async () => client as never);
    const poolQuery = vi.spyOn(pool, "query");
    const one = preparedSql<{ one: number }>("internals_tx_probe", () => sql`select 1 as one`);
    const rows = await database.db.transaction(async (tx) => {
      expect(
        internalsOf(tx).$client,
        relied(
          "drizzle-orm",
          "a transaction now has $client: preparedSql would send its statements outside the transaction",
          "fast-path/prepared-sql.ts",
        ),
      ).toBeUndefined();
      return one(tx, {});
    });
    expect(rows).toEqual([{ one: 1 }]);
    expect(poolQuery).not.toHaveBeenCalled();
    const sent = client.query.mock.calls.map((call) => (call as unknown[])[0]);
    expect(
      sent.some((config) => (config as { name?: string }).name === "internals_tx_probe"),
      relied(
        "drizzle-orm",
        "session.prepareQuery(query, undefined, name, false) no longer sends a named statement",
        "fast-path/prepared-sql.ts",
      ),
    ).toBe(true);
  });

  it("node-postgres queries read the same types as text as prepared-sql.ts's own driver types", async () => {
    const { database, pool } = await poolDatabase();
    opened.push(database);
    const configs: { name?: string; types?: pg.CustomTypesConfig }[] = [];
    vi.spyOn(pool, "query").mockImplementation((async (config: (typeof configs)[number]) => {
      configs.push(config);
      return { rows: [], rowCount: 0, fields: [] };
    }) as never);
    await database.db.execute(sql`select 1`);
    await preparedSql("internals_types_probe", () => sql`select 1`)(database.db, {});
    const [drizzles, ours] = [configs[0]?.types, configs[1]?.types];
    expect(
      drizzles && ours,
      relied(
        "drizzle-orm",
        "its node-postgres query config has no types",
        "fast-path/prepared-sql.ts",
      ),
    ).toBeTruthy();
    const typeIds = new Set<number>([
      ...Object.values(pg.types.builtins),
      1000,
      1005,
      1007,
      1009,
      1015,
      1016,
      1021,
      1022,
      1115,
      1182,
      1185,
      1187,
      1231,
      199,
      3807,
    ]);
    /** Whether a parser hands the text back as it came (a parser that throws on it does not). */
    const asText = (parse: unknown) => {
      try {
        return (parse as (v: string) => unknown)("text") === "text";
      } catch {
        return false;
      }
    };
    const differ: number[] = [];
    for (const id of typeIds) {
      const theirs = drizzles?.getTypeParser(id, "text");
      const mine = ours?.getTypeParser(id, "text");
      const same = theirs === mine || (asText(theirs) && asText(mine));
      if (!same) differ.push(id);
    }
    expect(
      differ,
      relied(
        "drizzle-orm",
        "its node-postgres session reads other types as text (rows would differ between the pool path and drizzle's)",
        "fast-path/prepared-sql.ts (TEXT_TYPES)",
      ),
    ).toEqual([]);
  });

  it("session.prepareQuery answers { rows } on PGlite", async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const { dialect, session } = internalsOf(database.db);
    expect(
      typeof session?.prepareQuery,
      relied("drizzle-orm", "db.session.prepareQuery is gone", "fast-path/prepared-sql.ts"),
    ).toBe("function");
    const query = dialect?.sqlToQuery?.(sql`select ${sql.placeholder("n")}::int + 1 as n`);
    const prepared = session?.prepareQuery?.call(
      session,
      query,
      undefined,
      "internals_pglite",
      false,
    );
    const result = await prepared?.execute({ n: 41 });
    expect(
      result,
      relied(
        "drizzle-orm",
        "a prepared query's execute() no longer answers { rows }",
        "fast-path/prepared-sql.ts",
      ),
    ).toMatchObject({
      rows: [{ n: 42 }],
    });
    expect(
      await preparedSql<{ n: number }>(
        "internals_pglite_helper",
        () => sql`select ${sql.placeholder("n")}::int * 2 as n`,
      )(database.db, { n: 21 }),
    ).toEqual([{ n: 42 }]);
  });
});

describe("Hono internals", () => {
  it("c.json is an own, writable field of the context, so jsonLength() can replace it", async () => {
    let descriptor: PropertyDescriptor | undefined;
    const app = new Hono()
      .use("*", async (c, next) => {
        descriptor = Object.getOwnPropertyDescriptor(c, "json");
        await next();
      })
      .use("*", jsonLength())
      .get("/", (c) => c.json({ ok: true }));
    const response = await app.request("/");
    expect(
      descriptor?.writable,
      relied("hono", "Context#json is no longer an own writable field", "fast-path/json-length.ts"),
    ).toBe(true);
    expect(
      response.headers.get("content-length"),
      relied("hono", "a replaced c.json is not what the handler calls", "fast-path/json-length.ts"),
    ).toBe(String(Buffer.byteLength('{"ok":true}')));
  });

  it("compress() skips an answer with a Content-Length under 1024 bytes and compresses from 1024", async () => {
    const app = new Hono().use("*", compress()).get("/:size", (c) =>
      c.body("x".repeat(Number(c.req.param("size"))), 200, {
        "content-type": "application/json",
        "content-length": c.req.param("size"),
      }),
    );
    const encodingOf = async (size: number) =>
      (await app.request(`/${size}`, { headers: { "accept-encoding": "gzip" } })).headers.get(
        "content-encoding",
      );
    const what = "compress()'s default threshold (1024 bytes, read from Content-Length) changed";
    expect(
      await encodingOf(1023),
      relied(
        "hono",
        what,
        "fast-path/json-length.ts and fast-path/direct-routes.ts (COMPRESS_THRESHOLD)",
      ),
    ).toBeNull();
    expect(
      await encodingOf(1024),
      relied("hono", what, "fast-path/direct-routes.ts (COMPRESS_THRESHOLD)"),
    ).toBe("gzip");
  });

  it("hono/utils/accept's parseAccept answers [{ type, q }]", () => {
    const parsed = parseAccept("gzip;q=0.5, deflate, *;q=0.1");
    expect(
      parsed.map(({ type, q }) => ({ type, q })),
      relied(
        "hono",
        "hono/utils/accept#parseAccept changed its path or shape",
        "fast-path/direct-routes.ts (chooseEncoding)",
      ),
    ).toEqual(
      expect.arrayContaining([
        { type: "gzip", q: 0.5 },
        { type: "deflate", q: 1 },
        { type: "*", q: 0.1 },
      ]),
    );
  });

  it("the JSON validator answers malformed JSON with HTTPException 400 'Malformed JSON in request body'", async () => {
    let thrown: unknown;
    const app = new Hono()
      .post("/", zValidator("json", z.object({})), (c) => c.body(null))
      .onError((error, c) => {
        thrown = error;
        return c.body(null, 500);
      });
    await app.request("/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    const what = "the JSON validator's refusal of malformed JSON changed";
    expect(
      thrown instanceof HTTPException,
      relied("hono", what, "fast-path/direct-routes.ts (parseJson)"),
    ).toBe(true);
    expect(
      (thrown as HTTPException).status,
      relied("hono", what, "fast-path/direct-routes.ts (parseJson)"),
    ).toBe(400);
    expect(
      (thrown as HTTPException).message,
      relied("hono", what, "fast-path/direct-routes.ts (parseJson)"),
    ).toBe("Malformed JSON in request body");
  });

  it("the JSON validator reads a body as JSON for exactly the content types isJsonType() claims", async () => {
    const app = new Hono().post(
      "/",
      zValidator("json", z.object({ a: z.number() }).partial()),
      (c) => c.json({ read: c.req.valid("json").a === 1 }),
    );
    const types = [
      "application/json",
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/vnd.api+json",
      "application/problem+json;charset=UTF-8",
      "text/json",
      "application/jsonp",
      "application/x-json",
      "text/plain",
      "multipart/form-data",
    ];
    const differ: string[] = [];
    for (const type of types) {
      const response = await app.request("/", {
        method: "POST",
        headers: { "content-type": type },
        body: '{"a":1}',
      });
      const read = ((await response.json()) as { read: boolean }).read;
      if (read !== isJsonType(type)) differ.push(type);
    }
    expect(
      differ,
      relied(
        "hono",
        "its validator's JSON media types changed",
        "lib/api-body-limit.ts (isJsonType), used by fast-path/direct-routes.ts",
      ),
    ).toEqual([]);
  });

  it("path params are decoded with decodeURIComponent, and one that does not decode stays as sent", async () => {
    const app = new Hono().get("/a/:id", (c) => c.text(c.req.param("id")));
    const what = "path params are decoded differently";
    expect(
      await (await app.request("/a/%41b%20c")).text(),
      relied("hono", what, "fast-path/direct-routes.ts (decodeParams)"),
    ).toBe("Ab c");
    expect(
      await (await app.request("/a/%E0%A4%A")).text(),
      relied("hono", what, "fast-path/direct-routes.ts (decodeParams)"),
    ).toBe("%E0%A4%A");
  });

  it("c.req.bodyCache: getters for arrayBuffer and text feed json(), text(), arrayBuffer() and blob()", async () => {
    const cached = Buffer.from('{"from":"cache"}');
    const app = new Hono()
      .use("*", async (c, next) => {
        // As api-body-limit.ts#readNodeJson fills it: getters, arrayBuffer first.
        Object.defineProperties(c.req.bodyCache, {
          arrayBuffer: {
            enumerable: true,
            configurable: true,
            get: () =>
              Promise.resolve(
                cached.buffer.slice(cached.byteOffset, cached.byteOffset + cached.byteLength),
              ),
          },
          text: {
            enumerable: true,
            configurable: true,
            get: () => Promise.resolve(cached.toString()),
          },
        });
        await next();
      })
      .post("/", async (c) =>
        c.json({
          json: await c.req.json(),
          text: await c.req.text(),
          bytes: Buffer.from(await c.req.arrayBuffer()).toString(),
          blob: await (await c.req.blob()).text(),
        }),
      );
    const response = await app.request("/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"from":"request"}',
    });
    expect(
      await response.json(),
      relied(
        "hono",
        "HonoRequest#bodyCache is no longer where json()/text()/arrayBuffer()/blob() look first",
        "lib/api-body-limit.ts (readNodeJson)",
      ),
    ).toEqual({
      json: { from: "cache" },
      text: '{"from":"cache"}',
      bytes: '{"from":"cache"}',
      blob: '{"from":"cache"}',
    });
  });
});

describe("@hono/node-server internals", () => {
  let server: ServerType | undefined;
  afterAll(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  /** Serves `app` on a free port and posts `body` to it. */
  async function postTo(app: Hono, body: string) {
    const port = await new Promise<number>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
        resolve((info as AddressInfo).port),
      );
    });
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    return response;
  }

  it("c.env.incoming is Node's request, unread, and incoming.rawBody becomes c.req.raw's body", async () => {
    let unread: boolean | undefined;
    const app = new Hono<{ Bindings: { incoming: IncomingMessage & { rawBody?: Buffer } } }>()
      .use("*", async (c, next) => {
        const { incoming } = c.env;
        unread = incoming && !incoming.readableDidRead;
        const chunks: Buffer[] = [];
        for await (const chunk of incoming as AsyncIterable<Buffer>) chunks.push(chunk);
        incoming.rawBody = Buffer.concat(chunks);
        await next();
      })
      .post("/", async (c) => c.json({ raw: await c.req.raw.text() }));
    const response = await postTo(app as unknown as Hono, '{"a":1}');
    expect(
      unread,
      relied(
        "@hono/node-server",
        "c.env.incoming is not Node's unread IncomingMessage",
        "lib/api-body-limit.ts (apiBodyLimit)",
      ),
    ).toBe(true);
    expect(
      await response.json(),
      relied(
        "@hono/node-server",
        "incoming.rawBody is no longer the body of the fetch Request it builds",
        "lib/api-body-limit.ts (readNodeJson; better-auth reads c.req.raw)",
      ),
    ).toEqual({ raw: '{"a":1}' });
  });

  it("a string-bodied answer stays a light response through jsonLength() and setResponseHeader()", async () => {
    const original = { Request: globalThis.Request, Response: globalThis.Response };
    try {
      // The listener replaces the global Request and Response with its light ones, as serve() does.
      getRequestListener(() => new Response(null));
      const app = new Hono()
        .use("*", async (c, next) => {
          await next();
          setResponseHeader(c, "x-after", "1");
        })
        .use("*", jsonLength())
        .get("/", (c) => c.json({ saved: true }));
      const response = await app.request("/");
      const light = Object.getOwnPropertySymbols(response).some(
        (key) => key.description === "cache",
      );
      expect(
        light,
        relied(
          "@hono/node-server",
          "its light Response (the private Symbol('cache') it writes without a stream) is not kept",
          "fast-path/json-length.ts and fast-path/response-headers.ts",
        ),
      ).toBe(true);
      expect(response.headers.get("x-after")).toBe("1");
    } finally {
      Object.defineProperty(globalThis, "Request", {
        value: original.Request,
        writable: true,
        configurable: true,
      });
      Object.defineProperty(globalThis, "Response", {
        value: original.Response,
        writable: true,
        configurable: true,
      });
    }
  });

  it("serve({ createServer }) calls createServer(serverOptions, listener) and uses the server it returns", () => {
    const made: unknown[][] = [];
    const stub = { listen: () => stub };
    const created = createAdaptorServer({
      fetch: () => new Response(null),
      createServer: ((...args: unknown[]) => {
        made.push(args);
        return stub;
      }) as never,
    });
    const what =
      "the createServer option is no longer called as createServer(serverOptions, listener)";
    expect(
      created,
      relied("@hono/node-server", what, "fast-path/direct-routes.ts (serveOptions)"),
    ).toBe(stub);
    expect(
      made.length,
      relied("@hono/node-server", what, "fast-path/direct-routes.ts (serveOptions)"),
    ).toBe(1);
    expect(
      typeof made[0]?.[0],
      relied("@hono/node-server", what, "fast-path/direct-routes.ts (serveOptions)"),
    ).toBe("object");
    expect(
      typeof made[0]?.[1],
      relied("@hono/node-server", what, "fast-path/direct-routes.ts (serveOptions)"),
    ).toBe("function");
  });
});

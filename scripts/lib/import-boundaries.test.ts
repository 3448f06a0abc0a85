import { describe, expect, it } from "vitest";
import {
  checkBoundaries,
  findModuleCycles,
  readImports,
  SERVER_MODULE_DEPENDENCIES,
} from "./import-boundaries.ts";

const check = (files: Record<string, string>) => checkBoundaries(new Map(Object.entries(files)));
const rulesOf = (files: Record<string, string>) =>
  check(files)
    .violations.map((v) => `${v.file}: ${v.rule.split(" (")[0]}`)
    .sort();

describe("import boundaries", () => {
  it("finds static, re-exported, dynamic and type-position imports", () => {
    const found = readImports(
      "a.ts",
      `import type { A } from "./a";
       import { b, type C } from "./b";
       export { d } from "./d";
       export type { E } from "./e";
       const f = () => import("./f");
       type G = typeof import("./g");
       // import { h } from "./h";`,
    );
    expect(found).toEqual([
      { specifier: "./a", typeOnly: true },
      { specifier: "./b", typeOnly: false },
      { specifier: "./d", typeOnly: false },
      { specifier: "./e", typeOnly: true },
      { specifier: "./f", typeOnly: false },
      { specifier: "./g", typeOnly: true },
    ]);
  });

  it("refuses one feature importing another, through a relative path or the @web alias", () => {
    const files = {
      "src/web/features/exams/routes/list.tsx": `import { X } from "../../home/components/x.tsx";`,
      "src/web/features/news/routes/list.tsx": `import { X } from "@web/features/home/components/x.tsx";`,
      "src/web/features/home/components/x.tsx": `import { y } from "./y.tsx"; export const X = 1;`,
      "src/web/features/home/components/y.tsx": "export const y = 1;",
    };
    expect(rulesOf(files)).toEqual([
      "src/web/features/exams/routes/list.tsx: features never import each other",
      "src/web/features/news/routes/list.tsx: features never import each other",
    ]);
  });

  it("lets the web import only types from the server, and the server nothing from the web", () => {
    const files = {
      "src/web/lib/api.ts": `import type { AppType } from "../../server/app.ts";
        import { createApp } from "../../server/app.ts";`,
      "src/server/app.ts": `import { cn } from "../web/lib/cn.ts"; export type AppType = 1;`,
      "src/web/lib/cn.ts": "export const cn = 1;",
    };
    expect(rulesOf(files)).toEqual([
      "src/server/app.ts: the server never imports the web",
      "src/web/lib/api.ts: the web imports only types from the server",
    ]);
  });

  it("lets only a server test load the web's page renderer, and nothing else of the web", () => {
    const files = {
      "src/server/lib/page-render.api.test.ts": `const r = import("../../web/entry-server.tsx");`,
      "src/server/lib/page-render.ts": `const r = import("../../web/entry-server.tsx");`,
      "src/server/lib/other.api.test.ts": `import { cn } from "../../web/lib/cn.ts";`,
      "src/web/entry-server.tsx": "export const renderPage = 1;",
      "src/web/lib/cn.ts": "export const cn = 1;",
    };
    expect(rulesOf(files)).toEqual([
      "src/server/lib/other.api.test.ts: the server never imports the web",
      "src/server/lib/page-render.ts: the server never imports the web",
    ]);
  });

  it("keeps shared code free of both sides, lib below features, and the @shared alias gone", () => {
    const files = {
      "src/shared/a.ts": `import type { Db } from "../server/db.ts";`,
      "src/server/db.ts": "export type Db = 1;",
      "src/web/lib/b.ts": `import { c } from "../features/exams/c.ts"; import { d } from "@shared/d.ts";`,
      "src/web/features/exams/c.ts": "export const c = 1;",
    };
    expect(rulesOf(files)).toEqual([
      "src/shared/a.ts: src/shared is used by both sides and imports neither the server nor the web",
      "src/web/lib/b.ts: src/web/components and src/web/lib sit below features and app, and import neither",
      "src/web/lib/b.ts: the @shared alias was removed",
    ]);
  });

  it("reports import cycles, type-only ones included, and passes a clean tree", () => {
    const cyclic = check({
      "src/web/a.tsx": `import { B } from "./b.tsx"; export type T = 1;`,
      "src/web/b.tsx": `import type { T } from "./a.tsx"; export const B = 1;`,
    });
    expect(cyclic.cycles).toEqual([["src/web/a.tsx", "src/web/b.tsx"]]);
    const clean = check({
      "src/web/a.tsx": `import { B } from "./b.tsx"; import { z } from "zod";`,
      "src/web/b.tsx": `import { s } from "../shared/s.ts"; export const B = 1;`,
      "src/shared/s.ts": "export const s = 1;",
    });
    expect(clean.violations).toEqual([]);
    expect(clean.cycles).toEqual([]);
  });

  describe("server modules", () => {
    const graph = { home: ["quizzes"], quizzes: ["attempts"], attempts: [] };
    const tree = (extra: Record<string, string>) =>
      checkBoundaries(
        new Map(
          Object.entries({
            "src/server/modules/attempts/rank.ts": "export const rank = 1;",
            "src/server/modules/quizzes/list.ts": `import { rank } from "../attempts/rank.ts"; export const list = 1;`,
            "src/server/modules/home/home.ts": `import { list } from "../quizzes/list.ts"; import { rank } from "../attempts/rank.ts";`,
            ...extra,
          }),
        ),
        graph,
      );
    const moduleRules = (extra: Record<string, string>) =>
      tree(extra)
        .violations.map((v) => `${v.file} -> ${v.specifier}: ${v.rule.split(" (")[0]}`)
        .sort();

    it("passes imports along the declared graph and within a module", () => {
      expect(moduleRules({})).toEqual([
        "src/server/modules/home/home.ts -> ../attempts/rank.ts: server module home may not import module attempts",
      ]);
      expect(
        moduleRules({
          "src/server/modules/home/home.ts": `import { list } from "../quizzes/list.ts"; import { x } from "./x.ts";`,
          "src/server/modules/home/x.ts": "export const x = 1;",
        }),
      ).toEqual([]);
    });

    it("refuses an import against the graph even when no file cycle forms", () => {
      // attempts -> quizzes closes a module cycle through different files.
      expect(
        moduleRules({
          "src/server/modules/attempts/start.ts": `import { day } from "../quizzes/day.ts";`,
          "src/server/modules/quizzes/day.ts": "export const day = 1;",
          "src/server/modules/home/home.ts": `import { list } from "../quizzes/list.ts";`,
        }),
      ).toEqual([
        "src/server/modules/attempts/start.ts -> ../quizzes/day.ts: server module attempts may not import module quizzes",
      ]);
      expect(tree({}).cycles).toEqual([]);
    });

    it("keeps lib, db, auth, storage and mail below every module; tests may reach across", () => {
      expect(
        moduleRules({
          "src/server/lib/calendar.ts": `import { list } from "../modules/quizzes/list.ts";`,
          "src/server/modules/home/home.ts": `import { list } from "../quizzes/list.ts";`,
          "src/server/modules/attempts/rank.test.ts": `import { list } from "../quizzes/list.ts";`,
        }),
      ).toEqual([
        "src/server/lib/calendar.ts -> ../modules/quizzes/list.ts: src/server/{lib,db,auth,storage,mail} sit below the modules and import none",
      ]);
    });

    it("keeps fast-path below every module too", () => {
      expect(
        moduleRules({
          "src/server/fast-path/facts.ts": `import { save } from "../modules/attempts/save.ts";`,
          "src/server/modules/attempts/save.ts": `import { facts } from "../../fast-path/facts.ts";`,
        }),
      ).toContain(
        "src/server/fast-path/facts.ts -> ../modules/attempts/save.ts: src/server/fast-path sits below the modules and imports none",
      );
    });

    it("reports a cycle in the declared graph itself, and the project's graph has none", () => {
      expect(findModuleCycles({ a: ["b"], b: ["c"], c: ["a"], d: ["a"] })).toEqual([
        ["a", "b", "c"],
      ]);
      const cyclic = checkBoundaries(new Map(), {
        payments: ["subscriptions"],
        subscriptions: ["payments"],
      });
      expect(cyclic.cycles).toEqual([
        ["src/server/modules/payments/", "src/server/modules/subscriptions/"],
      ]);
      expect(findModuleCycles(SERVER_MODULE_DEPENDENCIES)).toEqual([]);
    });
  });
});

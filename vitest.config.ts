import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const alias = {
  "@web": path.resolve("src/web"),
};

/**
 * Test files that replace a module with `vi.mock`, found by reading them. They run isolated (a
 * fresh module graph per file); every other file shares its worker's modules with the files run
 * before it, which saves importing the app again for each file (decision 038: on a quiet run the
 * server project went from 255 s to 165 s, the web project from 73 s to 16 s). Found by reading,
 * so a new `vi.mock` cannot leak into its neighbours unnoticed.
 */
function filesMocking(roots: string[], pattern: RegExp): string[] {
  return roots.flatMap((root) =>
    (readdirSync(root, { recursive: true }) as string[])
      .filter((name) => pattern.test(name))
      .map((name) => path.join(root, name))
      .filter((file) => readFileSync(file, "utf8").includes("vi.mock(")),
  );
}

/** A project in two parts: `name` (modules shared per worker) and `name-isolated` (vi.mock). */
function sharedAndIsolated(
  name: string,
  include: string[],
  mocking: string[],
  test: TestProjectInlineConfiguration["test"],
): TestProjectInlineConfiguration[] {
  const shared: TestProjectInlineConfiguration = {
    resolve: { alias },
    test: { ...test, name, include, exclude: mocking, isolate: false },
  };
  if (mocking.length === 0) return [shared];
  return [
    shared,
    { resolve: { alias }, test: { ...test, name: `${name}-isolated`, include: mocking } },
  ];
}

export default defineConfig({
  resolve: { alias },
  test: {
    // Two files at a time, one per core of the 2-core CI machine (decision 031): a file spends
    // most of its time in PGlite (one thread) or argon2, so a second worker keeps the second core
    // busy. The default (cores - 1) ran them one at a time. `--maxWorkers=N` overrides.
    maxWorkers: 2,
    projects: [
      ...sharedAndIsolated(
        "server",
        ["src/server/**/*.test.ts", "src/shared/**/*.test.ts", "scripts/**/*.test.ts"],
        filesMocking(["src/server", "src/shared", "scripts"], /\.test\.ts$/),
        {
          environment: "node",
          // One migrated template database, copied by each file (decision 031).
          globalSetup: ["src/server/test/global-setup.ts"],
          // Bounds for a shared 2-core CI machine (argon2 hashing and a fresh database per file
          // are CPU-bound: a test that takes 3 s alone took over 30 s beside two busy processes).
          // No test waits on a real timer, so these only decide when a hung test gives up.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      ),
      ...sharedAndIsolated(
        "web",
        ["src/web/**/*.test.{ts,tsx}"],
        filesMocking(["src/web"], /\.test\.tsx?$/),
        {
          environment: "jsdom",
          setupFiles: ["src/web/test/setup.ts"],
          // The default 5 s is too little for typing with userEvent on a busy machine.
          testTimeout: 30_000,
        },
      ),
    ],
  },
});

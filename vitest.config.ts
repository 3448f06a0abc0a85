import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@web": path.resolve("src/web"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Two files at a time, one per core of the 2-core CI machine (decision 031): a file spends
    // most of its time in PGlite (one thread) or argon2, so a second worker keeps the second core
    // busy. The default (cores - 1) ran them one at a time. `--maxWorkers=N` overrides.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "server",
          environment: "node",
          include: ["src/server/**/*.test.ts", "src/shared/**/*.test.ts", "scripts/**/*.test.ts"],
          // One migrated template database, copied by each file (decision 031).
          globalSetup: ["src/server/test/global-setup.ts"],
          // Bounds for a shared 2-core CI machine (argon2 hashing and a fresh database per file
          // are CPU-bound: a test that takes 3 s alone took over 30 s beside two busy processes).
          // No test waits on a real timer, so these only decide when a hung test gives up.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "web",
          environment: "jsdom",
          include: ["src/web/**/*.test.{ts,tsx}"],
          setupFiles: ["src/web/test/setup.ts"],
          // The default 5 s is too little for typing with userEvent on a busy machine.
          testTimeout: 30_000,
        },
      },
    ],
  },
});

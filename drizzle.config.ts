import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` is used: migrations are SQL files committed to the repo and
// applied by the server at start (never `push`).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/index.ts",
  out: "./src/server/db/migrations",
  casing: "snake_case",
});

import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/src/db/schema/index.ts",
  // Flat SQL files in migrations/, the layout `wrangler d1 migrations apply` reads (DESIGN.md).
  out: "./migrations",
});

import { applyD1Migrations, env } from "cloudflare:test";

// The real migrations, applied to each test's D1 before it runs (DESIGN.md house style 3).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

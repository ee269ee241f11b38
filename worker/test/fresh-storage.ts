import { applyD1Migrations, env, reset } from "cloudflare:test";

// Test files share a runner (vitest.config.mts, isolate: false), so each starts by emptying what the previous file
// stored (D1 and every Durable Object: rate limits, spend meters, call sessions, whatever a file left running), then
// applies the real migrations to its D1 (DESIGN.md house style 3; about 50 ms).
await reset();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

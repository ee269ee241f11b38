/**
 * Stands in for `@better-auth/memory-adapter` in the bundle (wrangler.toml `[alias]`): better-auth falls back to an
 * in-memory database only when it is given none, and auth.ts always gives it the drizzle adapter.
 */
export function memoryAdapter(): never {
  throw new Error("better-auth's memory adapter is left out of this bundle (wrangler.toml [alias]): give it a database.");
}

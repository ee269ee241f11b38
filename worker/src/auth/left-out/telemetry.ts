/**
 * Stands in for `@better-auth/telemetry` in the bundle (wrangler.toml `[alias]`). auth.ts turns better-auth's telemetry
 * off; the real module would still collect it were BETTER_AUTH_TELEMETRY and an endpoint set in the environment. Here
 * it is off whatever the environment says, and its 10 KB of runtime detection stays out.
 */
export async function createTelemetry(): Promise<{ publish: (event: unknown) => Promise<void> }> {
  return { publish: async () => undefined };
}

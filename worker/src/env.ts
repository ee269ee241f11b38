import * as z from "zod";

/** The bindings wrangler.toml and `.dev.vars` give the worker. */
export interface Bindings {
  DB: D1Database;
  ASSETS: Fetcher;
  PUBLIC_BASE_URL?: string;
  LOG_LEVEL?: string;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
}

const configSchema = z.object({
  PUBLIC_BASE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  LIBSQL_URL: z.url().optional(),
  LIBSQL_AUTH_TOKEN: z.string().optional(),
});

export type Config = z.infer<typeof configSchema> & {
  /** The deployment's own origin, from PUBLIC_BASE_URL; null when it is not configured. */
  publicOrigin: string | null;
};

const parsed = new WeakMap<object, Config>();

/** Parses the bindings once per isolate; a misconfiguration names the offending variable. */
export function readConfig(bindings: Partial<Bindings>): Config {
  const cached = parsed.get(bindings);
  if (cached) return cached;
  const result = configSchema.safeParse(bindings);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid worker configuration: ${problems.join("; ")}`);
  }
  const config: Config = {
    ...result.data,
    publicOrigin: result.data.PUBLIC_BASE_URL ? new URL(result.data.PUBLIC_BASE_URL).origin : null,
  };
  parsed.set(bindings, config);
  return config;
}

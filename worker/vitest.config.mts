import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { build } from "esbuild";
import { defineConfig } from "vitest/config";
// A relative path, so the config loader bundles it (a package import would be loaded by Node without TypeScript).
import { stripeSimulatorVars } from "../simulators/stripe-vars.ts";
import { SIMULATED } from "./test/simulators.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const compatibility = /^compatibility_date = "([\d-]+)"/m.exec(readFileSync(`${root}/wrangler.media.toml`, "utf8"))![1]!;

/**
 * The media plane (wrangler.media.toml) runs beside the worker under test, as it does deployed. An auxiliary worker
 * is not built by Vite, so it is bundled here, as wrangler would bundle it.
 */
async function mediaPlaneWorker(secret: string, urlGuard: { PUBLIC_BASE_URL: string; TEST_ONLY_URL_ALLOW: string }) {
  const outfile = fileURLToPath(new URL("./.test/media/index.js", import.meta.url));
  await build({
    entryPoints: [`${root}/worker/src/media/index.ts`],
    outfile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2024",
    external: ["cloudflare:*"],
    logLevel: "warning",
  });
  return {
    name: "nikki-ai-media",
    modules: true,
    scriptPath: outfile,
    compatibilityDate: compatibility,
    compatibilityFlags: ["nodejs_compat", "no_web_socket_compression"],
    durableObjects: { MEDIA_SESSION: { className: "MediaSession", useSQLite: true } },
    bindings: { AUTH_SECRET: secret, LOG_LEVEL: "error", ...urlGuard },
    // The worker under test runs as the plugin's runner (renamed from "nikki-ai"), which the media plane calls back.
    serviceBindings: { CONTROL: "vitest-plugin-runner-worker" },
  };
}

const AUTH_SECRET = "test-only-secret-0123456789abcdefghijklmnopqrstuvwxyz";
/**
 * Deployed (not local) to the URL guard; the CRM simulator's loopback port is the one exception, through the guard's
 * test-only allow-list (a business's webhook and bridge URLs in tests point at it), never a weaker rule.
 */
const URL_GUARD = { PUBLIC_BASE_URL: "https://nikki.test", TEST_ONLY_URL_ALLOW: `127.0.0.1:${SIMULATED.crmPort}` };

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: `${root}/wrangler.toml` },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(`${root}/migrations`),
          LOG_LEVEL: "error",
          AUTH_SECRET,
          ...URL_GUARD,
          OPERATOR_EMAILS: "Operator@nikki.test, second-operator@nikki.test",
          TWILIO_ACCOUNT_SID: SIMULATED.twilioAccountSid,
          TWILIO_AUTH_TOKEN: SIMULATED.twilioAuthToken,
          TWILIO_API_BASE: `http://127.0.0.1:${SIMULATED.twilioPort}`,
          TWILIO_PRICING_API_BASE: `http://127.0.0.1:${SIMULATED.twilioPort}`,
          OPENAI_API_KEY: SIMULATED.openaiKey,
          OPENAI_BASE_URL: `http://127.0.0.1:${SIMULATED.openaiPort}/v1`,
          HUBSPOT_API_BASE: `http://127.0.0.1:${SIMULATED.crmPort}`,
          GOHIGHLEVEL_API_BASE: `http://127.0.0.1:${SIMULATED.crmPort}`,
          ELEVENLABS_API_BASE: `http://127.0.0.1:${SIMULATED.crmPort}`,
          ZAPIER_HOOKS_BASE: `http://127.0.0.1:${SIMULATED.crmPort}`,
          // Google sign-in stays off in these tests (its own tests turn it on); the calendar APIs are simulated.
          GOOGLE_CALENDAR_API_BASE: `http://127.0.0.1:${SIMULATED.googleCalendarPort}`,
          CALCOM_API_BASE: `http://127.0.0.1:${SIMULATED.calcomPort}`,
          ...stripeSimulatorVars(SIMULATED.stripePort),
        },
        workers: [await mediaPlaneWorker(AUTH_SECRET, URL_GUARD)],
      },
    }),
  ],
  test: {
    name: "worker",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: ["test/node/**"],
    setupFiles: ["./test/apply-migrations.ts"],
    globalSetup: ["./test/global-setup.ts"],
    // Each file starts its own runner; two at a time halves the wall time on a 2-core machine.
    maxWorkers: 2,
    // One pre-bundled module per dependency instead of hundreds (stripe alone is ~500 files), imported by every file's runner.
    deps: {
      optimizer: {
        ssr: {
          enabled: true,
          include: [
            "stripe",
            "openai",
            "better-auth",
            "better-auth/plugins",
            "better-auth/adapters/drizzle",
            "@better-auth/utils/otp",
            "zod",
            "zod/mini",
            "hono",
            "hono/request-id",
            "hono/secure-headers",
            "hono/http-exception",
            "hono/factory",
            "hono/cookie",
            "hono/body-limit",
            "drizzle-orm",
            "drizzle-orm/sqlite-core",
            "drizzle-orm/d1",
            "fflate",
          ],
          rolldownOptions: { external: [/^node:/, /^cloudflare:/] },
        },
      },
    },
  },
}));

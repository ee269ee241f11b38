import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
// A relative path, so the config loader bundles it (a package import would be loaded by Node without TypeScript).
import { stripeSimulatorVars } from "../simulators/stripe-vars.ts";
import { SIMULATED } from "./test/simulators.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: `${root}/wrangler.toml` },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(`${root}/migrations`),
          LOG_LEVEL: "error",
          AUTH_SECRET: "test-only-secret-0123456789abcdefghijklmnopqrstuvwxyz",
          PUBLIC_BASE_URL: "https://nikki.test",
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
          ...stripeSimulatorVars(SIMULATED.stripePort),
        },
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

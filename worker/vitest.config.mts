import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { build } from "esbuild";
import { defineConfig } from "vitest/config";
// A relative path, so the config loader bundles it (a package import would be loaded by Node without TypeScript).
import { SIMULATED_CREDENTIALS } from "../simulators/credentials.ts";
import { stripeSimulatorVars } from "../simulators/stripe-vars.ts";
import { WORKER_TEST_TIMEOUT } from "./test/password-hashing.ts";
import type { SimulatorPorts } from "./test/simulator-ports.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const compatibility = /^compatibility_date = "([\d-]+)"/m.exec(readFileSync(`${root}/wrangler.media.toml`, "utf8"))![1]!;

const builds = new Map<string, Promise<string>>();

/** wrangler.toml's `[alias]` table (modules left out of the deployed bundle), so the worker under test is the same. */
function wranglerAliases(): Record<string, string> {
  const table = /^\[alias\]\n((?:"[^"\n]+" = "[^"\n]+"\n)+)/m.exec(readFileSync(`${root}/wrangler.toml`, "utf8"))?.[1] ?? "";
  return Object.fromEntries([...table.matchAll(/^"([^"]+)" = "\.\/([^"]+)"$/gm)].map(([, from, to]) => [from!, `${root}/${to}`]));
}

/**
 * A worker of its own beside the worker under test, as deployed: worker/src/<folder> bundled here (an auxiliary worker
 * is not built by Vite), with the secret the workers sign their requests with and the URL guard's settings.
 */
async function auxiliaryWorker(name: string, folder: Folder, secret: string, urlGuard: Record<string, string>, flags: string[], own: object = {}) {
  return {
    name,
    modules: true,
    scriptPath: await bundled(folder),
    compatibilityDate: compatibility,
    compatibilityFlags: flags,
    bindings: { AUTH_SECRET: secret, LOG_LEVEL: "error", ...urlGuard },
    ...own,
  };
}

/** The media plane (wrangler.media.toml) and the website reader (wrangler.website-reader.toml). */
const auxiliaryWorkers = (secret: string, urlGuard: Record<string, string>) =>
  Promise.all([
    auxiliaryWorker("nikki-ai-media", "media", secret, urlGuard, ["nodejs_compat", "no_web_socket_compression"], {
      durableObjects: { MEDIA_SESSION: { className: "MediaSession", useSQLite: true } },
      kvNamespaces: ["GREETINGS"],
      // The worker under test runs as the plugin's runner (renamed from "nikki-ai"), which the media plane calls back.
      serviceBindings: { CONTROL: "vitest-plugin-runner-worker" },
    }),
    auxiliaryWorker("nikki-ai-website-reader", "website-reader", secret, urlGuard, ["nodejs_compat"]),
  ]);

type Folder = "media" | "website-reader";

/** worker/src/<folder>/index.ts bundled as wrangler would bundle it: once a run, for every runner. */
function bundled(folder: Folder): Promise<string> {
  if (!builds.has(folder)) builds.set(folder, bundle(folder));
  return builds.get(folder)!;
}

async function bundle(folder: string) {
  const outfile = fileURLToPath(new URL(`./.test/${folder}/index.js`, import.meta.url));
  await build({
    entryPoints: [`${root}/worker/src/${folder}/index.ts`],
    outfile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2024",
    external: ["cloudflare:*"],
    logLevel: "warning",
  });
  return outfile;
}

/** The worker's settings point its providers at the simulators global-setup.ts started, on the ports it chose. */
function simulatorBindings({ openaiPort, twilioPort, crmPort, stripePort, googleCalendarPort, calcomPort }: SimulatorPorts) {
  return {
    TWILIO_ACCOUNT_SID: SIMULATED_CREDENTIALS.twilioAccountSid,
    TWILIO_AUTH_TOKEN: SIMULATED_CREDENTIALS.twilioAuthToken,
    TWILIO_API_BASE: `http://127.0.0.1:${twilioPort}`,
    TWILIO_PRICING_API_BASE: `http://127.0.0.1:${twilioPort}`,
    OPENAI_API_KEY: SIMULATED_CREDENTIALS.openaiKey,
    OPENAI_BASE_URL: `http://127.0.0.1:${openaiPort}/v1`,
    HUBSPOT_API_BASE: `http://127.0.0.1:${crmPort}`,
    GOHIGHLEVEL_API_BASE: `http://127.0.0.1:${crmPort}`,
    ELEVENLABS_API_BASE: `http://127.0.0.1:${crmPort}`,
    ZAPIER_HOOKS_BASE: `http://127.0.0.1:${crmPort}`,
    // Google sign-in stays off in these tests (its own tests turn it on); the calendar APIs are simulated.
    GOOGLE_CALENDAR_API_BASE: `http://127.0.0.1:${googleCalendarPort}`,
    CALCOM_API_BASE: `http://127.0.0.1:${calcomPort}`,
    ...stripeSimulatorVars(stripePort),
  };
}

const AUTH_SECRET = "test-only-secret-0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * Deployed (not local) to the URL guard, in both planes; the CRM simulator's and the fixture websites' loopback
 * ports are the only exceptions, through the guard's test-only allow-list (a business's webhook and bridge URLs in
 * tests point at the one, its website imports at the others), never a weaker rule. Hosts are resolved with the DoH
 * simulator (served by the CRM simulator); `localhost` on the bakery's and the OpenAI simulator's ports is a name the
 * tests make it answer for (test/resolved-urls.test.ts): a name that reaches a server here unless the answer stops it.
 */
const urlGuard = ({ crmPort, openaiPort, websitePorts }: SimulatorPorts) => ({
  PUBLIC_BASE_URL: "https://nikki.test",
  TEST_ONLY_URL_ALLOW: [
    ...[crmPort, ...Object.values(websitePorts)].map((port) => `127.0.0.1:${port}`),
    `localhost:${websitePorts.bakery}`,
    `localhost:${openaiPort}`,
  ].join(","),
  DOH_URL: `http://127.0.0.1:${crmPort}/dns-query`,
});

export default defineConfig({
  plugins: [
    // Resolved as each runner starts, after global-setup.ts has started the simulators and provided their ports.
    cloudflareTest(async ({ inject }) => ({
      wrangler: { configPath: `${root}/wrangler.toml` },
      // workerd's informational log (--verbose) reported, as an exception, each call or stream a file left running
      // that the next file's fresh storage cuts; tests report their own failures. WORKERD_VERBOSE=1 brings it back.
      verbose: process.env.WORKERD_VERBOSE === "1",
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(`${root}/migrations`),
          LOG_LEVEL: "error",
          AUTH_SECRET,
          ...urlGuard(inject("simulatorPorts")),
          OPERATOR_EMAILS: "Operator@nikki.test, second-operator@nikki.test",
          ...simulatorBindings(inject("simulatorPorts")),
        },
        workers: await auxiliaryWorkers(AUTH_SECRET, urlGuard(inject("simulatorPorts"))),
      },
    })),
  ],
  resolve: { alias: wranglerAliases() },
  test: {
    name: "worker",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: ["test/node/**"],
    setupFiles: ["./test/fresh-storage.ts"],
    globalSetup: ["./test/global-setup.ts"],
    // Three runners (one workerd each) on a 2-core machine: the two runners of before used 0.9 of a core on average
    // (201 s of CPU in 233 s, busy), the rest waiting on the calls' real timers (test-suite.test.ts alone is 88 s); a
    // third cut the stage from 233 s to 155 s on a similarly busy machine. Each runner takes file after file
    // (isolate: false): loading the worker's ~250 modules into a fresh workerd took 5 to 15 s a file, most of the
    // suite's time. Each file still starts from empty storage with the migrations applied (test/fresh-storage.ts).
    maxWorkers: 3,
    isolate: false,
    // Every test here is an integration test (workerd, D1, simulators, scrypt): under load a sign-up alone took up to a
    // second, so the default 5 s failed tests of a few sign-ups on a busy machine (test/password-hashing.ts).
    testTimeout: WORKER_TEST_TIMEOUT,
    hookTimeout: WORKER_TEST_TIMEOUT,
    // One pre-bundled module per dependency instead of hundreds (better-auth alone is ~250 files), imported by every file's runner.
    deps: {
      optimizer: {
        ssr: {
          enabled: true,
          include: [
            "better-auth/minimal",
            "better-auth/plugins/two-factor",
            "better-auth/plugins/generic-oauth",
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
});

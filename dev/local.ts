/**
 * Running the product locally: the one place that knows how to build it, prepare a local D1 and start
 * `wrangler dev`, used by `npm start`, the end-to-end tests and the benchmarks.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildWidgets } from "../widgets/build";
import { freePorts } from "./free-port";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Everything offline: no metrics, no request.cf download, no telemetry, no update checks. */
export const OFFLINE_ENV: Record<string, string> = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  ASTRO_TELEMETRY_DISABLED: "1",
  DO_NOT_TRACK: "1",
  NO_UPDATE_NOTIFIER: "1",
};

export function run(command: string, args: string[], options: { env?: Record<string, string>; quiet?: boolean } = {}) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...OFFLINE_ENV, ...options.env },
      stdio: options.quiet ? ["ignore", "pipe", "inherit"] : "inherit",
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

const persistArgs = (persistTo?: string) => (persistTo ? ["--persist-to", persistTo] : []);

/** The widgets first (they land in site/public/widget/v1), then the Astro site that serves them. */
export async function buildSite() {
  await buildWidgets();
  await run("npx", ["astro", "build", "--root", "site", "--silent"]);
}

const configArgs = (config?: string) => (config ? ["--config", config] : []);

/**
 * Applies migrations/ to the local D1 (under `persistTo`, or wrangler's default state) and seeds the demo
 * organization; `config` names another wrangler configuration than the product's (the benchmarks' baseline).
 */
export async function prepareLocalDatabase(persistTo?: string, config?: string) {
  await run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persistArgs(persistTo), ...configArgs(config)], {
    env: { CI: "true" },
  });
  await run("npx", ["tsx", "dev/seed-local.ts", persistTo ?? "", ...(config ? [config] : [])], { quiet: Boolean(config) });
}

/**
 * Sessions need AUTH_SECRET. When `.dev.vars` does not set one, local runs use a random secret kept in
 * `.wrangler/` (so sessions survive restarts); `.dev.vars` itself is never written.
 */
export function localAuthSecret(): Record<string, string> {
  const devVars = existsSync(`${ROOT}/.dev.vars`) ? readFileSync(`${ROOT}/.dev.vars`, "utf8") : "";
  if (/^AUTH_SECRET=\S+/m.test(devVars)) return {};
  const file = `${ROOT}/.wrangler/local-auth-secret`;
  if (!existsSync(file)) {
    mkdirSync(`${ROOT}/.wrangler`, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  return { AUTH_SECRET: readFileSync(file, "utf8").trim() };
}

/**
 * Local runs: the seeded demo owner is one of the product's operators (/dashboard/leads), and new contact-form leads
 * go to a local sales inbox (printed by the mail simulator), unless `.dev.vars` names its own.
 */
export function localOperators(): Record<string, string> {
  const devVars = existsSync(`${ROOT}/.dev.vars`) ? readFileSync(`${ROOT}/.dev.vars`, "utf8") : "";
  return {
    ...(/^OPERATOR_EMAILS=\S/m.test(devVars) ? {} : { OPERATOR_EMAILS: "owner@demo.nikki.ai" }),
    ...(/^SALES_INBOX=\S/m.test(devVars) ? {} : { SALES_INBOX: "sales@demo.nikki.ai" }),
  };
}

/** The media plane's `wrangler dev` of each control plane's. */
const mediaPlanes = new WeakMap<ChildProcess, ChildProcess>();
/** The workers started beside each control plane (the media plane, the website reader): stopped with it. */
const companions = new WeakMap<ChildProcess, ChildProcess[]>();

/**
 * Where a run's planes register for each other: wrangler dev's registry of dev sessions, which binds the control
 * plane's MEDIA to a `nikki-ai-media` by name, is one directory for the whole machine unless told otherwise. A run
 * keeps its own inside its state, so the tests' control plane never reaches a running `npm start`'s media plane (its
 * calls were answered there, with that run's simulators and database), nor the other way round.
 */
const devRegistry = (persistTo?: string) => `${persistTo ?? `${ROOT}/.wrangler/state`}/dev-registry`;

function wranglerDev(options: {
  port: number;
  config?: string;
  persistTo?: string;
  registry: string;
  vars: Record<string, string>;
  quiet?: boolean;
  testScheduled?: boolean;
  inspectorPort?: number;
}) {
  const varArgs = Object.entries(options.vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]);
  const child = spawn(
    `${ROOT}/node_modules/.bin/wrangler`,
    [
      "dev",
      "--port",
      String(options.port),
      "--ip",
      "127.0.0.1",
      "--show-interactive-dev-session=false",
      ...(options.inspectorPort ? ["--inspector-port", String(options.inspectorPort)] : []),
      ...persistArgs(options.persistTo),
      ...(options.testScheduled ? ["--test-scheduled"] : []),
      ...configArgs(options.config),
      ...varArgs,
    ],
    {
      cwd: ROOT,
      // Miniflare's variable first (it wins over wrangler's), and wrangler's own.
      env: { ...process.env, ...OFFLINE_ENV, CLOUDFLARE_DEV_REGISTRY_PATH: options.registry, WRANGLER_REGISTRY_PATH: options.registry },
      stdio: options.quiet ? ["ignore", "ignore", "inherit"] : ["ignore", "inherit", "inherit"],
    },
  );
  process.on("exit", () => stopWorker(child));
  return child;
}

/**
 * Starts the product under `wrangler dev`, each worker in a process of its own as they run apart when deployed:
 * the media plane (wrangler.media.toml) on a free port, where Twilio's streams go (VOICE_BRIDGE_URL), the website
 * reader (wrangler.website-reader.toml) on another, and the control plane on the given port; they reach each other
 * through a registry of dev sessions of their own (devRegistry). Resolves once /api/health answers. With `config`, that one worker alone (the benchmarks' baseline).
 */
export async function startWorker(options: {
  port: number;
  persistTo?: string;
  vars?: Record<string, string>;
  quiet?: boolean;
  /** Serves `/__scheduled?cron=…` so tests can run the cron on demand. */
  testScheduled?: boolean;
  /** Another wrangler configuration than the product's (the benchmarks' baseline). */
  config?: string;
  /** Where each plane's V8 inspector listens (the benchmarks' live heap); `media` for the product's media plane. */
  inspectorPorts?: { control: number; media?: number };
}) {
  const vars = { ...localAuthSecret(), ...localOperators(), ...options.vars };
  const registry = devRegistry(options.persistTo);
  if (options.config) {
    const child = wranglerDev({ ...options, registry, vars, inspectorPort: options.inspectorPorts?.control });
    await waitForHealth(`http://127.0.0.1:${options.port}/api/health`, child);
    return child;
  }
  // The vars both other workers read: the secret all three sign their requests with (from .dev.vars, which each
  // reads, when it sets one), and what their URL guard needs to know (a local deployment, the resolver).
  const shared = Object.fromEntries(
    Object.entries(vars).filter(([key]) => ["AUTH_SECRET", "LOG_LEVEL", "PUBLIC_BASE_URL", "TEST_ONLY_URL_ALLOW", "DOH_URL"].includes(key)),
  );
  const state = options.persistTo ?? `${ROOT}/.wrangler/state`;
  const [mediaPort, readerPort] = (await freePorts(2)) as [number, number];
  const media = wranglerDev({
    port: mediaPort,
    config: "wrangler.media.toml",
    persistTo: `${state}/media`,
    registry,
    inspectorPort: options.inspectorPorts?.media,
    vars: shared,
    quiet: options.quiet,
  });
  // One after the other: two `wrangler dev` starting at once can take the same port for a socket of their own.
  await waitForHealth(`http://127.0.0.1:${mediaPort}/twilio/stream`, media);
  const reader = wranglerDev({
    port: readerPort,
    config: "wrangler.website-reader.toml",
    persistTo: `${state}/website-reader`,
    registry,
    vars: shared,
    quiet: options.quiet,
  });
  await waitForHealth(`http://127.0.0.1:${readerPort}/website-reader/health`, reader);
  const child = wranglerDev({
    ...options,
    registry,
    inspectorPort: options.inspectorPorts?.control,
    vars: { ...vars, VOICE_BRIDGE_URL: `ws://127.0.0.1:${mediaPort}/twilio/stream` },
  });
  mediaPlanes.set(child, media);
  companions.set(child, [media, reader]);
  child.on("exit", () => {
    stopWorker(media);
    stopWorker(reader);
  });
  await waitForHealth(`http://127.0.0.1:${options.port}/api/health`, child);
  return child;
}

/** The media plane started beside a control plane by startWorker. */
export const mediaPlaneOf = (child: ChildProcess): ChildProcess | undefined => mediaPlanes.get(child);

export function stopWorker(child: ChildProcess) {
  if (child.exitCode === null) child.kill("SIGTERM");
  for (const companion of companions.get(child) ?? []) stopWorker(companion);
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not answer ${url} within ${timeoutMs / 1000} s`);
}

/**
 * The product's three workers as `wrangler deploy` would bundle them, each run by Miniflare in a workerd process of its
 * own, as they run apart when deployed: the control plane (wrangler.toml), the media plane (wrangler.media.toml) and
 * the website reader (wrangler.website-reader.toml), bound to each other over loopback, with the calls' streams going
 * straight to the media plane (VOICE_BRIDGE_URL).
 * The same workerd runtime as `wrangler dev`, without its dev proxy (a second workerd process in every request's path).
 * Fresh storage on a RAM disk, with migrations/ applied and the demo organization seeded through the D1 binding.
 * For benchmarks.
 */
import { randomBytes } from "node:crypto";
import { setPriority } from "node:os";
import { mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { hashPassword } from "better-auth/crypto";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { createD1Database } from "../../worker/src/db/client";
import { DEMO, seedDemoOrganization } from "../../worker/src/db/seed";
import { BASELINE_CONFIG, writeBaselineConfig } from "./baseline";
import { censusEntry } from "./census";
import { freePorts } from "@nikki/dev/free-port";
import { withChildren } from "./process-cpu";
import { ROOT, run } from "@nikki/dev/local";
import { ramDiskTempDir } from "./ram-disk";

type WorkerOptions = ReturnType<typeof unstable_getMiniflareWorkerOptions>["workerOptions"];

/** A service binding to the other plane's process. */
const loopback = (port: number) => ({ external: { address: `127.0.0.1:${port}`, http: {} } });

/** Each configuration is bundled once a run (a second media plane, bench:voice's control baseline, reuses the first's bundle). */
const bundles = new Map<string, Promise<WorkerOptions>>();

function bundled(config: string, outdir: string): Promise<WorkerOptions> {
  let bundle = bundles.get(config);
  if (!bundle) {
    bundle = run("npx", ["wrangler", "deploy", "--dry-run", "--config", config, "--outdir", outdir], { quiet: true }).then(
      () => unstable_getMiniflareWorkerOptions(config.startsWith("/") ? config : `${ROOT}/${config}`).workerOptions,
    );
    bundles.set(config, bundle);
  }
  return bundle;
}

/**
 * The media plane (wrangler.media.toml) in a workerd process of its own, its CONTROL binding on the control plane
 * listening on `controlPort`: the product's, or bench:voice's bare control baseline (control-baseline.ts).
 */
export async function startMediaPlane(options: {
  port: number;
  controlPort: number;
  secret: string;
  vars: Record<string, string>;
  storage: string;
  bundle?: WorkerOptions;
}): Promise<Miniflare> {
  const worker = miniflare({
    name: "nikki-ai-media",
    port: options.port,
    script: `${ROOT}/.bench/media/index.js`,
    worker: options.bundle ?? (await bundled("wrangler.media.toml", ".bench/media")),
    // The deployment's address too: the media plane's URL guard knows a local deployment by it, as the control plane's does.
    bindings: {
      AUTH_SECRET: options.secret,
      LOG_LEVEL: options.vars.LOG_LEVEL ?? "info",
      ...(options.vars.PUBLIC_BASE_URL ? { PUBLIC_BASE_URL: options.vars.PUBLIC_BASE_URL } : {}),
    },
    others: { CONTROL: options.controlPort },
    storage: options.storage,
    // BENCH_MEDIA_INSPECTOR_PORT / BENCH_INSPECTOR_PORT open a plane's V8 inspector, to profile it while a benchmark runs.
    inspectorPort: process.env.BENCH_MEDIA_INSPECTOR_PORT,
  });
  await worker.ready;
  return worker;
}

/** The website reader (wrangler.website-reader.toml) in a workerd process of its own, with the URL guard's settings. */
async function startWebsiteReader(options: { port: number; secret: string; vars: Record<string, string>; storage: string; bundle: WorkerOptions }) {
  const guard = ["LOG_LEVEL", "PUBLIC_BASE_URL", "TEST_ONLY_URL_ALLOW", "DOH_URL"].filter((key) => options.vars[key] !== undefined);
  const worker = miniflare({
    name: "nikki-ai-website-reader",
    port: options.port,
    script: `${ROOT}/.bench/website-reader/index.js`,
    worker: options.bundle,
    bindings: { AUTH_SECRET: options.secret, ...Object.fromEntries(guard.map((key) => [key, options.vars[key]!])) },
    storage: options.storage,
  });
  await worker.ready;
  return worker;
}

function miniflare(options: {
  name: string;
  port: number;
  /** The entry module, then any module it imports (the census's around a bundle: census.ts). */
  script: string | string[];
  worker: WorkerOptions;
  bindings: Record<string, string>;
  /** Service bindings to the other workers' processes: name → port. */
  others?: Record<string, number>;
  storage: string;
  inspectorPort?: string;
}) {
  return new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        {
          ...options.worker,
          name: options.name,
          ...(typeof options.script === "string"
            ? { modules: true, scriptPath: options.script }
            : { modules: options.script.map((path) => ({ type: "ESModule", path })), modulesRoot: dirname(options.script[0]!) }),
          bindings: { ...(options.worker.bindings as Record<string, string>), ...options.bindings },
          serviceBindings: {
            ...(options.worker.serviceBindings as object),
            ...Object.fromEntries(Object.entries(options.others ?? {}).map(([name, port]) => [name, loopback(port)])),
          },
          // Assets are not served in benchmarks; module rules and the root only matter to wrangler's bundler.
          assets: undefined,
          modulesRules: undefined,
          rootPath: undefined,
        },
      ],
      host: "127.0.0.1",
      port: options.port,
      ...(options.inspectorPort ? { inspectorPort: Number(options.inspectorPort) } : {}),
      resourcePersistencePath: options.storage,
    } as never),
  );
}

/** The worker's D1 with migrations/ applied and the demo organization seeded, then `prepare` run on it. */
async function seededDatabase(worker: Miniflare, prepare?: (db: D1Database) => Promise<unknown>): Promise<D1Database> {
  const d1 = (await worker.getD1Database("DB")) as unknown as D1Database;
  for (const file of readdirSync(`${ROOT}/migrations`)
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    for (const statement of readFileSync(`${ROOT}/migrations/${file}`, "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) await d1.prepare(statement).run();
    }
  }
  await seedDemoOrganization(createD1Database(d1), await hashPassword(DEMO.ownerPassword));
  await prepare?.(d1);
  return d1;
}

/** The bundle's entry, or the census around it (census.ts: what the worker's isolate does, counted). */
const entryOf = (script: string, census?: boolean) => (census ? [censusEntry(script), script] : script);

/**
 * The benchmarks' baseline (scripts/baseline/worker.ts: bare routes doing the product's database work) bundled and
 * run the same way, on a D1 of its own with the same migrations and demo organization.
 */
export async function startMiniflareBaseline(options: { port: number; vars?: Record<string, string>; census?: boolean }) {
  mkdirSync(`${ROOT}/site/dist`, { recursive: true });
  writeBaselineConfig();
  // Written where its configuration lives unless the directory is absolute.
  const worker = await bundled(BASELINE_CONFIG, `${ROOT}/.bench/baseline-dist`);
  const storage = ramDiskTempDir("nikki-bench-baseline-");
  const baseline = miniflare({
    name: "nikki-baseline",
    port: options.port,
    script: entryOf(`${ROOT}/.bench/baseline-dist/worker.js`, options.census),
    worker,
    bindings: options.vars ?? {},
    storage,
  });
  await baseline.ready;
  const d1 = await seededDatabase(baseline);
  return {
    db: d1,
    async dispose() {
      await baseline.dispose();
      rmSync(storage, { recursive: true, force: true });
    },
  };
}

export async function startMiniflareWorker(options: {
  port: number;
  vars: Record<string, string>;
  prepare?(db: D1Database): Promise<unknown>;
  /** Run the control plane under the census (census.ts). */
  census?: boolean;
}) {
  // wrangler's dry run insists on the assets directory; a fresh clone has not built the site yet, and benchmarks serve no assets.
  mkdirSync(`${ROOT}/site/dist`, { recursive: true });
  const [control, media, reader, [mediaPort, readerPort]] = await Promise.all([
    bundled("wrangler.toml", ".bench/dist"),
    bundled("wrangler.media.toml", ".bench/media"),
    bundled("wrangler.website-reader.toml", ".bench/website-reader"),
    freePorts(2) as Promise<[number, number]>,
  ]);
  const secret = options.vars.AUTH_SECRET ?? randomBytes(32).toString("hex");
  const storage = ramDiskTempDir("nikki-bench-");
  // The media plane's process is started alone first, so its CPU can be told from the control plane's (bench:voice).
  const { value: mediaWorker, pids: mediaPids } = await withChildren(() =>
    startMediaPlane({ port: mediaPort, controlPort: options.port, secret, vars: options.vars, storage: `${storage}/media`, bundle: media }),
  );
  const { value: readerWorker, pids: readerPids } = await withChildren(() =>
    startWebsiteReader({ port: readerPort, secret, vars: options.vars, storage: `${storage}/website-reader`, bundle: reader }),
  );
  // BENCH_READER_NICE: the reader's process at a lower CPU priority, for an experiment only.
  if (process.env.BENCH_READER_NICE) for (const pid of readerPids) setPriority(pid, Number(process.env.BENCH_READER_NICE));
  const controlWorker = miniflare({
    name: "nikki-ai",
    port: options.port,
    script: entryOf(`${ROOT}/.bench/dist/index.js`, options.census),
    worker: control,
    bindings: { ...options.vars, AUTH_SECRET: secret, VOICE_BRIDGE_URL: `ws://127.0.0.1:${mediaPort}/twilio/stream` },
    others: { MEDIA: mediaPort, WEBSITE_READER: readerPort },
    storage: `${storage}/control`,
    inspectorPort: process.env.BENCH_INSPECTOR_PORT,
  });
  await controlWorker.ready;
  const d1 = await seededDatabase(controlWorker, options.prepare);
  return {
    /** The control plane's D1, for counting what requests wrote. */
    db: d1,
    /** The AUTH_SECRET both planes run with (what signs sessions and manage links). */
    authSecret: secret,
    /** The media plane's processes, to meter its CPU apart from the control plane's. */
    mediaPids,
    /** The media plane's own address (listeners connect to it: bench:live). */
    mediaBase: `http://127.0.0.1:${mediaPort}`,
    /** Runs the control plane's cron as Cloudflare does, at `at` (its scheduled time); resolves once its work is done. */
    async scheduled(at: Date) {
      const result = await (await controlWorker.getWorker()).scheduled({ scheduledTime: at, cron: "* * * * *" });
      if (result.outcome !== "ok") throw new Error(`the cron ended ${result.outcome}`);
    },
    /** What an organization's SpendMeter counted today (UTC), in micro-dollars. */
    async spentToday(organizationId: string): Promise<number> {
      const meters = await controlWorker.getDurableObjectNamespace("SPEND_METER");
      const meter = meters.get(meters.idFromName(organizationId)) as unknown as { snapshot(day: string): Promise<{ spent: number }> };
      return (await meter.snapshot(new Date().toISOString().slice(0, 10))).spent;
    },
    async dispose() {
      await Promise.all([controlWorker.dispose(), mediaWorker.dispose(), readerWorker.dispose()]);
      rmSync(storage, { recursive: true, force: true });
    },
  };
}

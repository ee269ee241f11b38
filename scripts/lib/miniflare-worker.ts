/**
 * The worker as `wrangler deploy` would bundle it, run by Miniflare directly: the same workerd runtime as
 * `wrangler dev`, without its dev proxy (a second workerd process in every request's path). Fresh storage on a
 * RAM disk, with migrations/ applied and the demo organization seeded through the D1 binding. For benchmarks.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { hashPassword } from "better-auth/crypto";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { createD1Database } from "../../worker/src/db/client";
import { DEMO, seedDemoOrganization } from "../../worker/src/db/seed";
import { ROOT, run } from "./local";
import { ramDiskTempDir } from "./ram-disk";

export async function startMiniflareWorker(options: { port: number; vars: Record<string, string>; prepare?(db: D1Database): Promise<unknown> }) {
  // wrangler's dry run insists on the assets directory; a fresh clone has not built the site yet, and benchmarks serve no assets.
  mkdirSync(`${ROOT}/site/dist`, { recursive: true });
  await run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", ".bench/dist"], { quiet: true });
  const storage = ramDiskTempDir("nikki-bench-");
  const { workerOptions } = unstable_getMiniflareWorkerOptions(`${ROOT}/wrangler.toml`);
  const worker = new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        {
          ...workerOptions,
          name: "nikki-ai",
          modules: true,
          scriptPath: `${ROOT}/.bench/dist/index.js`,
          bindings: { ...(workerOptions.bindings as Record<string, string>), ...options.vars },
          // Assets are not served in benchmarks; module rules and the root only matter to wrangler's bundler.
          assets: undefined,
          modulesRules: undefined,
          rootPath: undefined,
        },
      ],
      host: "127.0.0.1",
      port: options.port,
      // BENCH_INSPECTOR_PORT opens the worker's V8 inspector there, to take a CPU profile while a benchmark runs.
      ...(process.env.BENCH_INSPECTOR_PORT ? { inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT) } : {}),
      resourcePersistencePath: storage,
    } as never),
  );
  await worker.ready;
  const d1 = (await worker.getD1Database("DB")) as unknown as D1Database;
  for (const file of readdirSync(`${ROOT}/migrations`)
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    for (const statement of readFileSync(`${ROOT}/migrations/${file}`, "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) await d1.prepare(statement).run();
    }
  }
  await seedDemoOrganization(createD1Database(d1), await hashPassword(DEMO.ownerPassword));
  await options.prepare?.(d1);
  return {
    /** The worker's own D1, for counting what requests wrote. */
    db: d1,
    async dispose() {
      await worker.dispose();
      rmSync(storage, { recursive: true, force: true });
    },
  };
}

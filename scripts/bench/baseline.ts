/**
 * The benchmarks' baseline worker (scripts/baseline/worker.ts) under `wrangler dev`, deployed as the product is (its
 * compatibility date and flags, the site's assets in front with the worker first on the same paths), on a local D1
 * of its own with the product's migrations and demo organization.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { ROOT, prepareLocalDatabase, startWorker } from "@nikki/dev/local";

export const BASELINE_CONFIG = `${ROOT}/.bench/baseline/wrangler.toml`;

/** The baseline's configuration, written from the product's wrangler.toml so both always run alike. */
export function writeBaselineConfig() {
  const product = readFileSync(`${ROOT}/wrangler.toml`, "utf8");
  const line = (key: string) => new RegExp(`^${key} = .*$`, "m").exec(product)![0];
  mkdirSync(`${ROOT}/.bench/baseline`, { recursive: true });
  writeFileSync(
    BASELINE_CONFIG,
    [
      'name = "nikki-baseline"',
      `main = "${ROOT}/scripts/baseline/worker.ts"`,
      line("compatibility_date"),
      line("compatibility_flags"),
      "send_metrics = false",
      "",
      // Served as the product is: static assets in front, the worker first on the same paths.
      "[assets]",
      `directory = "${ROOT}/site/dist"`,
      line("run_worker_first"),
      "",
      "[[d1_databases]]",
      'binding = "DB"',
      'database_name = "nikki-baseline"',
      'database_id = "00000000-0000-4000-8000-000000000001"',
      `migrations_dir = "${ROOT}/migrations"`,
      "",
    ].join("\n"),
  );
}

export async function startBaselineWorker(options: { port: number; persistTo: string; inspectorPort?: number }) {
  writeBaselineConfig();
  await prepareLocalDatabase(options.persistTo, BASELINE_CONFIG);
  const inspectorPorts = options.inspectorPort ? { control: options.inspectorPort } : undefined;
  return startWorker({ port: options.port, persistTo: options.persistTo, config: BASELINE_CONFIG, quiet: true, inspectorPorts });
}

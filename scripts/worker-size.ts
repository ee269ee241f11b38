/**
 * The deployed Workers' sizes, as `wrangler deploy` bundles them (minified): one line each,
 *   worker-size: raw=B gzip=B          (the control plane, wrangler.toml)
 *   media-worker-size: raw=B gzip=B    (the media plane, wrangler.media.toml: its whole heap is what a frame waits on)
 * printed by `npm run size` after the widget sizes. Cloudflare's limit is on the compressed upload.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { run } from "./lib/local";

for (const [label, config] of [
  ["worker-size", "wrangler.toml"],
  ["media-worker-size", "wrangler.media.toml"],
] as const) {
  const outdir = mkdtempSync(join(tmpdir(), "nikki-worker-size-"));
  try {
    await run("npx", ["wrangler", "deploy", "--dry-run", "--config", config, "--outdir", outdir], { quiet: true });
    const modules = readdirSync(outdir).filter((name) => name.endsWith(".js") || name.endsWith(".wasm"));
    const bytes = modules.map((name) => readFileSync(join(outdir, name)));
    const raw = bytes.reduce((total, file) => total + file.length, 0);
    const gzip = bytes.reduce((total, file) => total + gzipSync(file, { level: 9 }).length, 0);
    console.log(`${label}: raw=${raw} gzip=${gzip}`);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/**
 * The deployed Worker's size, as `wrangler deploy` bundles it (minified, wrangler.toml): one line,
 *   worker-size: raw=B gzip=B
 * printed by `npm run size` after the widget sizes. Cloudflare's limit is on the compressed upload.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { run } from "./lib/local";

const outdir = mkdtempSync(join(tmpdir(), "nikki-worker-size-"));
try {
  await run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir], { quiet: true });
  const modules = readdirSync(outdir).filter((name) => name.endsWith(".js") || name.endsWith(".wasm"));
  const bytes = modules.map((name) => readFileSync(join(outdir, name)));
  const raw = bytes.reduce((total, file) => total + file.length, 0);
  const gzip = bytes.reduce((total, file) => total + gzipSync(file, { level: 9 }).length, 0);
  console.log(`worker-size: raw=${raw} gzip=${gzip}`);
} finally {
  rmSync(outdir, { recursive: true, force: true });
}

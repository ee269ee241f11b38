/**
 * The deployed Workers' sizes, as `wrangler deploy` bundles them (minified): one line each,
 *   worker-size: raw=B gzip=B          (the control plane, wrangler.toml)
 *   media-worker-size: raw=B gzip=B    (the media plane, wrangler.media.toml: its whole heap is what a frame waits on)
 * printed by `npm run size` after the widget sizes. Cloudflare's limit is on the compressed upload. The media plane has a
 * budget (its import rule in biome.json keeps the rest of the product out of it; this keeps what it may import small):
 * over it, the line says so and the command fails.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT, run } from "@nikki/dev/local";

/**
 * The media plane's gzipped bundle: 7.6 KB when the budget was set (call/, the logger and core's URL guard), 8.9 KB with
 * the fillers while a slow tool runs (issue 37 §2, call/tool-fillers.ts: 1.2 KB), 9.6 KB with the call screen beside them
 * (silent and talk-over calls, §5, call/call-screen.ts), so the budget went from 8.5 to 10 KB; 10.0 KB with the greeting
 * rendered ahead (issue 38 §1: its playback and KV read, 0.4 KB, less the marks every 100 ms barge-in no longer
 * needs), so 10.25 KB; 11.75 KB (12,033 B) with the bridge hearing a caller over that greeting itself while the model's
 * session opens (call/caller-speech.ts, cached-greeting.ts, greeting-heard.ts: 1.5 KB), so 12 KB; 13.6 KB (13,947 B) with
 * a business's realtime host resolved over DoH before connecting, its answers judged (call/doh.ts and resolved-host.ts, core's address-ranges.ts)
 * and the URL guard's wildcard-DNS names (1.9 KB), so 14 KB.
 */
const MEDIA_GZIP_BUDGET = 14_336;

// wrangler's dry run insists on the assets directory, which a fresh clone has not built yet.
mkdirSync(`${ROOT}/site/dist`, { recursive: true });
let over = false;

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
    const budget = label === "media-worker-size" ? MEDIA_GZIP_BUDGET : null;
    if (budget !== null && gzip > budget) over = true;
    console.log(`${label}: raw=${raw} gzip=${gzip}${budget === null ? "" : ` budget=${budget}${gzip > budget ? " OVER BUDGET" : ""}`}`);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
process.exit(over ? 1 : 0);

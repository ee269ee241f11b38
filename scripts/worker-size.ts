/**
 * The deployed Workers' sizes, as `wrangler deploy` bundles them (minified): one line each, the budget after the figure
 * it limits,
 *   worker-size: raw=B budget=B gzip=B          (the control plane, wrangler.toml: its minified size)
 *   media-worker-size: raw=B gzip=B budget=B    (the media plane, wrangler.media.toml: its whole heap is what a frame waits on)
 *   website-reader-size: raw=B gzip=B budget=B  (the website reader, wrangler.website-reader.toml)
 * printed by `npm run size` after the widget sizes. Cloudflare's limit is on the compressed upload. Over a budget, the
 * line says so and the command fails. The media plane's import rule in biome.json keeps the rest of the product out of
 * it; its budget keeps what it may import small. The control plane's keeps a library's every resource, a second copy of
 * a package or a simulator from slipping in (`npx wrangler deploy --dry-run --outdir DIR --metafile DIR/meta.json`
 * says what is in it, by input file).
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
 * and the URL guard's wildcard-DNS names (1.9 KB), so 14 KB; 16.9 KB (17,343 B) once the bridge took the turns itself
 * (call/turn-taking.ts, interruption-guard.ts, input-timeline.ts, bridge-session.ts: a cough no longer cuts the agent
 * off, and each turn's voice-to-voice time is measured) and a call can be watched and steered as it happens
 * (media/live-feed.ts, owner-commands.ts), so 18 KB; 18.5 KB (18,942 B) with the call's audio forked to owners listening
 * in (media/listeners.ts, call/listen-ticket.ts: 1.6 KB), so 19.5 KB.
 */
const MEDIA_GZIP_BUDGET = 19_968;

/**
 * The control plane's minified bundle: 2,316 KiB when the budget was set, 1,217 KiB (1,246,594 B) once Kysely
 * (better-auth's minimal entry), two extra builds of zod, the openai and stripe SDKs (the worker speaks their REST APIs
 * over fetch) and better-auth's unused social providers, telemetry and memory adapter (wrangler.toml [alias]) had left
 * it, so 1,225 KiB; 1,173 KiB (1,201,311 B) once the product's own growth was paid for by bundling without keep_names
 * (JOSE's error names restored by worker/src/auth/jose-names.ts), so 1,180 KiB; 1,203 KiB (1,231,608 B) with turn-taking
 * settings, live calls (watch, notes, end, take over), calendars filled when connected and one phone parser, so
 * 1,210 KiB; 1,211 KiB (1,240,127 B) with one subscription per organization (checkout refused, the webhook's guard),
 * the live view's figures checked at the internal route and menus told from a page's text, so 1,212 KiB; 1,213 KiB
 * with a member's own phone (Settings › My phone) and take-over to a typed number; 1,157 KiB (1,184,509 B) once the
 * website's reading (tokenizer, readers, discovery) moved to the website reader, so 1,165 KiB. The issue's target was
 * 1,024 KiB; what stands between is in docs/performance.md (bench:widgets and bundle sizes, 2026-12-07).
 */
const CONTROL_RAW_BUDGET = 1_192_960;

/**
 * The website reader's gzipped bundle (the pages' tokenizer, the readers of pages, sitemaps and robots.txt, the URL
 * guard's fetch): 30.9 KiB (31,663 B) when the budget was set, so 32 KiB. What it may import is kept to that by
 * biome.json; this keeps the rest of the product from slipping in.
 */
const READER_GZIP_BUDGET = 32_768;

// wrangler's dry run insists on the assets directory, which a fresh clone has not built yet.
mkdirSync(`${ROOT}/site/dist`, { recursive: true });
let over = false;

const WORKERS = [
  { label: "worker-size", config: "wrangler.toml", limits: "raw", budget: CONTROL_RAW_BUDGET },
  { label: "media-worker-size", config: "wrangler.media.toml", limits: "gzip", budget: MEDIA_GZIP_BUDGET },
  { label: "website-reader-size", config: "wrangler.website-reader.toml", limits: "gzip", budget: READER_GZIP_BUDGET },
] as const;

for (const { label, config, limits, budget } of WORKERS) {
  const outdir = mkdtempSync(join(tmpdir(), "nikki-worker-size-"));
  try {
    await run("npx", ["wrangler", "deploy", "--dry-run", "--config", config, "--outdir", outdir], { quiet: true });
    const modules = readdirSync(outdir).filter((name) => name.endsWith(".js") || name.endsWith(".wasm"));
    const bytes = modules.map((name) => readFileSync(join(outdir, name)));
    const sizes = {
      raw: bytes.reduce((total, file) => total + file.length, 0),
      gzip: bytes.reduce((total, file) => total + gzipSync(file, { level: 9 }).length, 0),
    };
    if (sizes[limits] > budget) over = true;
    const field = (name: keyof typeof sizes) =>
      `${name}=${sizes[name]}${name === limits ? ` budget=${budget}${sizes[name] > budget ? " OVER BUDGET" : ""}` : ""}`;
    console.log(`${label}: ${field("raw")} ${field("gzip")}`);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
process.exit(over ? 1 : 0);

/**
 * `npm run bench:site`: Lighthouse (mobile preset) on /, /pricing and /solutions/ai-receptionist of the built site
 * under `wrangler dev`, all four categories. Ends with one line, the lowest score of each over those pages, and the
 * JavaScript the home page loads before any interaction (gzip KB as transferred; the widgets' lazy chunks excluded):
 *   site: perf=P a11y=A seo=S best=B home_js_kb=K
 */
import { rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { type LighthouseRun, audit, startChrome } from "./lib/lighthouse";
import { freePort } from "./lib/free-port";
import { ROOT, buildSite, prepareLocalDatabase, startWorker, stopWorker } from "./lib/local";

// A free port: the benchmark runs beside `npm start` and the tests.
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const PAGES = ["/", "/pricing", "/solutions/ai-receptionist"];
const STATE = `${ROOT}/.bench/site`;

await buildSite();
rmSync(STATE, { recursive: true, force: true });
await prepareLocalDatabase(STATE);
const worker = await startWorker({ port: PORT, persistTo: STATE, vars: { LOG_LEVEL: "warn" }, quiet: true });
const chrome = await startChrome();
try {
  const runs: Record<string, LighthouseRun> = {};
  for (const path of PAGES) {
    runs[path] = await audit(`${BASE}${path}`, chrome.port, ["performance", "accessibility", "seo", "best-practices"]);
    const s = runs[path]!.scores;
    console.log(`${path}: performance=${s.performance} accessibility=${s.accessibility} seo=${s.seo} best-practices=${s["best-practices"]}`);
  }
  const lowest = (category: keyof LighthouseRun["scores"]) => Math.min(...Object.values(runs).map((run) => run.scores[category]));
  // The loader is part of the initial load; the widget chunks it fetches lazily (shared-*, chat, test-call…) are not.
  const initialJs = runs["/"]!.requests.filter(
    (request) => request.resourceType === "Script" && !/\/widget\/v1\/(?!loader\.js)/.test(new URL(request.url).pathname),
  );
  // wrangler dev serves uncompressed; the figure is what a gzip-serving edge sends.
  let gzipBytes = 0;
  for (const request of initialJs) gzipBytes += gzipSync(Buffer.from(await (await fetch(request.url)).arrayBuffer()), { level: 9 }).length;
  const homeJsKb = gzipBytes / 1024;
  console.log(
    `site: perf=${lowest("performance")} a11y=${lowest("accessibility")} seo=${lowest("seo")} best=${lowest("best-practices")} home_js_kb=${homeJsKb.toFixed(1)}`,
  );
} finally {
  chrome.kill();
  stopWorker(worker);
}

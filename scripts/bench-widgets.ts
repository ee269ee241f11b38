/**
 * `npm run bench:widgets`: Lighthouse (mobile, simulated throttling) on a business's page served from another
 * origin, with and without the widget tag, RUNS times each (default 3; medians). Prints the differences the
 * widgets make to the performance score, total blocking time and cumulative layout shift:
 *   widgets-lighthouse: score_diff=P tbt_diff_ms=T cls_diff=C (with: …, without: …)
 */
import { rmSync } from "node:fs";
import { allowWidgetOrigin } from "@nikki/dev/local-d1";
import { startHostPages } from "@nikki/dev/host-pages";
import { audit as lighthouseAudit, startChrome } from "./bench/lighthouse";
import { freePorts } from "@nikki/dev/free-port";
import { ROOT, buildSite, prepareLocalDatabase, startWorker, stopWorker } from "@nikki/dev/local";

// Free ports: the benchmark runs beside `npm start` and the tests.
const [WORKER_PORT, HOST_PORT] = (await freePorts(2)) as [number, number];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const STATE = `${ROOT}/.bench/widgets`;
const PAGE = `http://127.0.0.1:${HOST_PORT}/business.html`;

interface Figures {
  score: number;
  tbt: number;
  cls: number;
  /** Widget files the page downloaded (loader, config, chunks). */
  widgetRequests: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

await buildSite();
rmSync(STATE, { recursive: true, force: true });
await prepareLocalDatabase(STATE);
const worker = await startWorker({ port: WORKER_PORT, persistTo: STATE, vars: { LOG_LEVEL: "warn" }, quiet: true });
await allowWidgetOrigin(`http://127.0.0.1:${WORKER_PORT}`, `http://127.0.0.1:${HOST_PORT}`);
const host = await startHostPages(`http://127.0.0.1:${WORKER_PORT}`, HOST_PORT);
const chrome = await startChrome();

async function audit(url: string): Promise<Figures> {
  const run = await lighthouseAudit(url, chrome.port, ["performance"]);
  return {
    score: run.scores.performance,
    tbt: run.tbt,
    cls: run.cls,
    widgetRequests: run.requests
      .map((request) => request.url)
      .filter((request) => request.startsWith(`http://127.0.0.1:${WORKER_PORT}/`))
      .map((request) => new URL(request).pathname),
  };
}

try {
  const withTag: Figures[] = [];
  const withoutTag: Figures[] = [];
  // Interleaved, so a slow moment of the machine weighs on both sides alike.
  for (let run = 0; run < RUNS; run++) {
    withoutTag.push(await audit(`${PAGE}?notag`));
    withTag.push(await audit(PAGE));
  }
  const summary = (figures: Figures[]) => ({
    score: median(figures.map((f) => f.score)),
    tbt: median(figures.map((f) => f.tbt)),
    cls: median(figures.map((f) => f.cls)),
  });
  // The comparison means something only if the widgets really loaded and mounted during the audited load.
  for (const figures of withTag) {
    if (!figures.widgetRequests.some((path) => path.endsWith("/chat.js")))
      throw new Error(`The widgets did not load during the audit: ${figures.widgetRequests.join(", ")}`);
  }
  if (withoutTag.some((figures) => figures.widgetRequests.length > 0)) throw new Error("The page without the tag still loaded widget files");
  const a = summary(withTag);
  const b = summary(withoutTag);
  console.log(
    `widgets-lighthouse: score_diff=${a.score - b.score} tbt_diff_ms=${Math.round(a.tbt - b.tbt)} cls_diff=${(a.cls - b.cls).toFixed(3)} ` +
      `(with: score=${a.score} tbt=${Math.round(a.tbt)}ms cls=${a.cls.toFixed(3)}; without: score=${b.score} tbt=${Math.round(b.tbt)}ms cls=${b.cls.toFixed(3)}; runs=${RUNS}; widget files: ${withTag[0]!.widgetRequests.join(" ")})`,
  );
} finally {
  chrome.kill();
  host.close();
  stopWorker(worker);
}

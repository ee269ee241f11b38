/**
 * `npm run bench:reliability`: the product's promises under load, faults and hostile input (issue 18), one line
 * per item: `reliability: <number> <name> <figures> ok` or `… FAIL <reasons>`. The product runs as `wrangler deploy`
 * bundles it, in workerd (Miniflare), on a free loopback port, against the provider simulators on free ports; items
 * an earlier issue already tests report that test's figures (items ending in "t"). Exits non-zero on any FAIL.
 * Items 15 and 15b run the product under `wrangler dev` beside a baseline worker (scripts/reliability/wrangler-pair.ts);
 * `-- --soak` makes item 15's soak 10 minutes instead of 60 s. RELIABILITY_ONLY=1,13 runs only those items. Item 18
 * (issue 33) runs a second copy of the product configured as deployed (scripts/reliability/business-urls.ts).
 */
import { localAuthSecret } from "@nikki/dev/local";
import { freePort } from "@nikki/dev/free-port";
import { startMiniflareWorker } from "./bench/miniflare-worker";
import { startSimulators } from "@nikki/dev/simulators";
import { bookingRace } from "./reliability/booking-race";
import { callsSettled } from "./reliability/calls-settled";
import { browserBoundary } from "./reliability/browser-boundary";
import { businessUrls } from "./reliability/business-urls";
import { chatBudgets, consentRows } from "./reliability/consent-and-chat";
import type { Context, ReliabilityItem } from "./reliability/context";
import { demoCallLimits, destinationBurst } from "./reliability/demo-call-burst";
import { coveredBy, preload } from "./reliability/existing-tests";
import { apiCost } from "./reliability/api-cost";
import { fuzz } from "./reliability/fuzz";
import { hostileContent } from "./reliability/hostile-content";
import { icsOutput } from "./reliability/ics-output";
import { meterIdempotency } from "./reliability/meter-events";
import { promptInjection } from "./reliability/prompt-injection";
import { spendCapBurst } from "./reliability/spend-cap";
import { redaction } from "./reliability/redaction";
import { sealing } from "./reliability/sealing";
import { textAbuse } from "./reliability/text-abuse";
import { soak } from "./reliability/soak";
import { webhookSignatures } from "./reliability/webhook-signatures";
import { closeWranglerPair, wranglerPair } from "./reliability/wrangler-pair";

const ITEMS: ReliabilityItem[] = [
  webhookSignatures,
  coveredBy("2", "media_stream_tickets"),
  demoCallLimits,
  destinationBurst,
  spendCapBurst,
  consentRows,
  chatBudgets,
  promptInjection,
  coveredBy("8", "prompt_injection"),
  coveredBy("9", "stripe_events"),
  meterIdempotency,
  coveredBy("11", "route_rules_matrix"),
  browserBoundary,
  coveredBy("12", "cookies_origins_cors"),
  sealing,
  redaction,
  coveredBy("14", "retention_purge"),
  // 15b first: the soak's last calls are still winding down when it ends, and would weigh on the API's figures.
  apiCost,
  soak,
  coveredBy("16", "faults"),
  fuzz,
  bookingRace,
  businessUrls,
  textAbuse,
  hostileContent,
  callsSettled,
  icsOutput,
];

const only = process.env.RELIABILITY_ONLY?.split(",").map((n) => n.trim());
const selected = ITEMS.filter((item) => !only || only.includes(item.number.replace(/t$/, "")));
const started = performance.now();
const testsRun = selected.some((item) => item.number.endsWith("t")) ? preload() : Promise.resolve();
// Items 15b and 15 run on wrangler dev, whose start (bundling, migrations and seeding on both sides) takes half a
// minute: it starts once the earlier tests' vitest run is done (so as not to crowd its timed tests), beside the items
// before 15b, which count outcomes rather than time them.
if (selected.some((item) => item.number.startsWith("15"))) void testsRun.then(() => wranglerPair()).catch(() => undefined);

let context: Context | null = null;
let dispose = async () => {};
if (selected.some((item) => item.server)) {
  const [port, openaiPort, twilioPort, stripePort, integrationsPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const base = `http://127.0.0.1:${port}`;
  const simulators = await startSimulators({ openaiPort, twilioPort, stripePort, integrationsPort, publicBaseUrl: base });
  const worker = await startMiniflareWorker({
    port,
    vars: { ...simulators.vars, ...localAuthSecret(), LOG_LEVEL: process.env.RELIABILITY_LOG_LEVEL ?? "error" },
  });
  context = { base, db: worker.db, authSecret: worker.authSecret, simulators, scheduled: worker.scheduled, spentToday: worker.spentToday };
  dispose = async () => {
    await worker.dispose();
    await simulators.close();
  };
}

let failed = 0;
// The items on the bundled worker first, then that worker stopped: what its calls left running (analyses, alarms, the
// calls of call-me-now still ending) would otherwise share the machine with the soak's timed turns.
const ordered = [...selected.filter((item) => item.server), ...selected.filter((item) => !item.server)];
try {
  for (const item of ordered) {
    if (!item.server && context) {
      await dispose();
      dispose = async () => {};
      context = null;
    }
    const itemStarted = performance.now();
    try {
      const result = await item.run(context ?? ({} as Context));
      const seconds = ((performance.now() - itemStarted) / 1000).toFixed(1);
      if (result.failures.length) failed++;
      console.log(
        `reliability: ${item.number} ${item.name} ${result.figures} seconds=${seconds} ${result.failures.length ? `FAIL ${result.failures.join("; ")}` : "ok"}`,
      );
    } catch (error) {
      failed++;
      console.log(`reliability: ${item.number} ${item.name} FAIL ${error instanceof Error ? error.message : String(error)}`);
    }
  }
} finally {
  closeWranglerPair();
  await dispose();
}
console.log(`reliability: ${selected.length} items, ${failed} failed, ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);

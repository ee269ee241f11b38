/**
 * bench:voice's control baseline: the bare baseline worker (scripts/baseline/worker.ts with voice-calls.ts) in place
 * of the product's control plane, behind a media plane of its own (the product's, bound to it), so the same simulated
 * calls send it the same requests: the voice webhook, the stream's plan, the model's tools, the status callbacks and
 * the call's end, which it analyses. It runs under the census (census.ts), as the product's control plane does in the
 * bench, and its processes are metered apart from its media plane's.
 */
import { rmSync } from "node:fs";
import { LIFECYCLE_STATUSES, twilioWebhook } from "./call-lifecycle";
import { startMediaPlane, startMiniflareBaseline } from "./miniflare-worker";
import { withChildren } from "./process-cpu";
import { ramDiskTempDir } from "./ram-disk";

/**
 * The plan the product keeps for a call to the demo number (calls.call_plan: setup and stream plan), from one voice
 * webhook whose call then ends without a stream. Without the greeting's key: the baseline's media plane has no render,
 * so its model says the greeting rather than asking the baseline for one each call.
 */
export async function productPlan(base: string, db: D1Database): Promise<string> {
  const call = { sid: `CA${"f".repeat(31)}1`, from: "+16509999999" };
  await twilioWebhook(base, call, null);
  const plan = await db.prepare("select call_plan from calls where call_sid = ?").bind(call.sid).first<string>("call_plan");
  for (const status of LIFECYCLE_STATUSES.slice(1)) await twilioWebhook(base, call, status);
  if (!plan) throw new Error("the product kept no plan for the webhook's call");
  const { setup, plan: stored } = JSON.parse(plan) as { setup: unknown; plan: { greetingKey?: string } };
  delete stored.greetingKey;
  return JSON.stringify({ setup, plan: stored });
}

export async function startControlBaseline(options: { port: number; mediaPort: number; secret: string; vars: Record<string, string>; plan: string }) {
  const storage = ramDiskTempDir("nikki-bench-control-baseline-");
  const media = await startMediaPlane({ port: options.mediaPort, controlPort: options.port, secret: options.secret, vars: options.vars, storage });
  const { value: baseline, pids } = await withChildren(() =>
    startMiniflareBaseline({
      port: options.port,
      census: true,
      vars: { ...options.vars, PLAN_TEMPLATE: options.plan, VOICE_BRIDGE_URL: `ws://127.0.0.1:${options.mediaPort}/twilio/stream` },
    }),
  );
  return {
    db: baseline.db,
    /** The baseline's processes (not its media plane's): its CPU is the control side's. */
    pids,
    async dispose() {
      await Promise.all([baseline.dispose(), media.dispose()]);
      rmSync(storage, { recursive: true, force: true });
    },
  };
}

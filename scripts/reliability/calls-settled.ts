/**
 * Item 22: no call stays "in progress". A business of its own gets 40 calls through the Twilio simulator: 20 that Nikki
 * takes whose final status callbacks the simulator loses (a fault, as when Twilio's retries give up), 10 screened (8
 * blocked numbers, 2 numbers ringing a sixth time in 10 minutes) and 10 abandoned (the caller hangs up while the call
 * connects). The cron then runs past the calls' longest length (the product's reconcile asks Twilio about each call still
 * open), runs again, and the lost callbacks arrive late after all. Prints `open=0 settled=40 charged_once=40`.
 */
import { RECONCILE_MARGIN_SECONDS } from "../../worker/src/jobs/reconcile-calls";
import { SETTINGS_RANGES, callCostMicroUsd } from "@nikki/core";
import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { placeSimulatedCall } from "@nikki/simulators/twilio-caller";
import { ownedBusiness } from "./business";
import { type Context, type ReliabilityItem, completedCallback, outcome } from "./context";

const TAKEN = 20;
const BLOCKED = 8;
/** Numbers that each ring five times, hanging up while the call connects, then a sixth time (screened as a robocall). */
const REPEATERS = 2;
const RINGS_BEFORE_SCREENED = 5;
const LOST_PREFIX = "+1415557";
const taker = (index: number) => `${LOST_PREFIX}${String(1000 + index)}`;
const blocked = (index: number) => `+1415558${String(1000 + index)}`;
const repeater = (index: number) => `+1415559${String(1000 + index)}`;

interface CallRow {
  call_sid: string;
  from_number: string;
  status: string;
  duration_seconds: number | null;
  cost_micro_usd: number | null;
  ended_at: number | null;
  screened: string | null;
  processing_status: string;
}

/** A business with an agent and a number of its own, through the product's API as its owner would set it up. */
async function business(context: Context) {
  // Its 20 calls at once each hold a typical call's cost: a cap above them all.
  const settings = { blocked_numbers: Array.from({ length: BLOCKED }, (_, index) => blocked(index)), daily_spend_cap_usd: 100 };
  return ownedBusiness(context, "Settled Calls Plumbing", { agent: { name: "Rosa", status: "active" }, settings });
}

const callsOf = async (context: Context, organizationId: string) =>
  (
    await context.db
      .prepare(
        "select call_sid, from_number, status, duration_seconds, cost_micro_usd, ended_at, screened, processing_status from calls where organization_id = ?",
      )
      .bind(organizationId)
      .all<CallRow>()
  ).results;

/**
 * Today's spend as the organization's SpendMeter counted it, beside its calls' costs and its texts' prices; read until
 * they agree (a follow-up text may still be on its way after its call's analysis) or 15 s have passed.
 */
async function countedSpend(context: Context, organizationId: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [spent, calls, texts] = await Promise.all([
      context.spentToday(organizationId),
      context.db.prepare("select coalesce(sum(cost_micro_usd), 0) as n from calls where organization_id = ?").bind(organizationId).first<number>("n"),
      context.db.prepare("select coalesce(sum(price_micro_usd), 0) as n from text_messages where organization_id = ?").bind(organizationId).first<number>("n"),
    ]);
    const matches = spent === (calls ?? 0) + (texts ?? 0);
    if (matches || Date.now() > deadline) return { spent, calls, texts, matches };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The cost a call's settled end implies: telephony alone when screened or never taken by the AI, with the model's minutes otherwise. */
const costOf = (call: CallRow) => (call.duration_seconds ? callCostMicroUsd(call.duration_seconds, !call.screened && call.processing_status !== "skipped") : 0);

/** Ended: a final status, a duration, an end time and a cost written (an abandoned call with nothing to process, skipped). */
const settled = (call: CallRow) =>
  call.status !== "in-progress" &&
  call.duration_seconds !== null &&
  call.ended_at !== null &&
  call.cost_micro_usd !== null &&
  (call.status !== "abandoned" || call.processing_status === "skipped");

export const callsSettled: ReliabilityItem = {
  number: "22",
  name: "calls_settled",
  server: true,
  async run(context) {
    const { organizationId, number } = await business(context);
    const twilioRestUrl = context.simulators.vars.TWILIO_API_BASE!;
    const place = (from: string, options: { tag: number; hangUpOnAnswer?: boolean }) =>
      placeSimulatedCall({
        baseUrl: context.base,
        publicBaseUrl: context.base,
        authToken: SIMULATED_CREDENTIALS.twilioAuthToken,
        accountSid: SIMULATED_CREDENTIALS.twilioAccountSid,
        from,
        to: number,
        twilioRestUrl,
        ...options,
      });
    const lose = await fetch(`${twilioRestUrl}/__faults`, {
      method: "POST",
      body: JSON.stringify({ path: `/status-callbacks/${LOST_PREFIX}*`, count: TAKEN }),
    });
    if (lose.status !== 201) throw new Error(`the Twilio simulator refused the fault: ${lose.status}`);

    const failures: string[] = [];
    const taken = Promise.all(Array.from({ length: TAKEN }, (_, index) => place(taker(index), { tag: 70_000 + index })));
    const screenedAndAbandoned = (async () => {
      for (let index = 0; index < BLOCKED; index++) await place(blocked(index), { tag: 71_000 + index });
      for (let index = 0; index < REPEATERS; index++) {
        for (let ring = 0; ring <= RINGS_BEFORE_SCREENED; ring++) await place(repeater(index), { tag: 72_000 + index * 10 + ring, hangUpOnAnswer: true });
      }
    })();
    const [reports] = await Promise.all([taken, screenedAndAbandoned]);
    const voicemails = reports.filter((report) => report.voicemail).length;
    if (voicemails) failures.push(`${voicemails} of the calls meant for Nikki were not answered by her`);

    // Each stream's end reaches the product just after its caller hangs up.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const before = await callsOf(context, organizationId);
    const openBefore = before.filter((call) => call.status === "in-progress").length;
    if (openBefore !== TAKEN) failures.push(`${openBefore} calls were open before the cron, not the ${TAKEN} whose callbacks were lost`);

    // Past the longest call the business allows and the margin, twice.
    const later = Date.now() + (SETTINGS_RANGES.maxCallSeconds.max + RECONCILE_MARGIN_SECONDS + 60) * 1000;
    await context.scheduled(new Date(later));
    const afterCron = await callsOf(context, organizationId);
    await context.scheduled(new Date(later + 60_000));
    // Twilio's lost callbacks arrive after all, saying the calls were longer: nothing may change.
    const late = await Promise.all(reports.map((report) => completedCallback(context, report.callSid, 179)));
    if (late.some((status) => status !== 204)) failures.push(`late callbacks answered ${[...new Set(late)].join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const calls = await callsOf(context, organizationId);

    /**
     * charged_once: a call whose cost column holds the cost its settled end implies (costOf), which neither the
     * second cron run nor its late callback changed (cost and end as the first run left them), while the
     * organization's SpendMeter counted today exactly its calls' costs plus the texts they sent (text_messages' price:
     * the booking's confirmation, the follow-up; the only other spend these calls make), to the micro-dollar. A call
     * counted twice, or not at all, breaks that for every call: then none counts.
     */
    const spend = await countedSpend(context, organizationId);
    const first = new Map(afterCron.map((call) => [call.call_sid, call]));
    const unchanged = (call: CallRow) =>
      first.get(call.call_sid)?.cost_micro_usd === call.cost_micro_usd && first.get(call.call_sid)?.ended_at === call.ended_at;
    const chargedOnce = spend.matches ? calls.filter((call) => settled(call) && call.cost_micro_usd === costOf(call) && unchanged(call)).length : 0;
    if (!spend.matches) failures.push(`the SpendMeter counted ${spend.spent} micro-dollars today; the calls cost ${spend.calls}, their texts ${spend.texts}`);

    // What the cron's first run left: before any late callback could settle a call.
    const open = afterCron.filter((call) => call.status === "in-progress").length;
    const settledCount = afterCron.filter(settled).length;
    const total = TAKEN + BLOCKED + REPEATERS * (RINGS_BEFORE_SCREENED + 1);
    const screened = calls.filter((call) => call.screened).length;
    const abandoned = calls.filter((call) => call.status === "abandoned").length;
    if (calls.length !== total) failures.push(`${calls.length} calls stored, not ${total}`);
    if (open) failures.push(`${open} calls still in progress after the cron`);
    if (settledCount !== total) failures.push(`${total - settledCount} calls not settled by the cron`);
    if (chargedOnce !== total) failures.push(`${total - chargedOnce} calls not charged exactly once`);
    if (screened !== BLOCKED + REPEATERS) failures.push(`${screened} calls screened, not ${BLOCKED + REPEATERS}`);
    if (abandoned !== REPEATERS * RINGS_BEFORE_SCREENED) failures.push(`${abandoned} calls abandoned, not ${REPEATERS * RINGS_BEFORE_SCREENED}`);
    return outcome({ open, settled: settledCount, charged_once: chargedOnce, lost_callbacks: openBefore, screened, abandoned }, failures);
  },
};

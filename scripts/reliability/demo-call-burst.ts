/**
 * Items 3 and 4: "call me now" under a burst. 200 requests at once from 50 addresses, each to its own number: each
 * address gets exactly its hourly allowance, the rest 429, and the telephony simulator receives exactly that many
 * calls; then 50 at once to one number from 50 fresh addresses: exactly the daily allowance per number. Item 4: the
 * same burst to refused destinations (premium-rate, outside the allowed countries) places 0 calls.
 */
import { SETTINGS_DEFAULTS } from "@nikki/core";
import { type Context, type ReliabilityItem, callMeNow, freshAddress, outcome } from "./context";

const placedCalls = (context: Context) => context.simulators.twilio.requests.filter((r) => r.method === "POST" && r.path.endsWith("/Calls.json")).length;

async function burst(requests: (() => Promise<Response>)[]) {
  const responses = await Promise.all(requests.map((send) => send()));
  const counts = new Map<number, number>();
  for (const response of responses) counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
  await Promise.all(responses.map((response) => response.body?.cancel()));
  return counts;
}

/** Waits until the simulator's count stops moving (calls are placed before the answer, but allow stragglers). */
async function settledCalls(context: Context, since: number) {
  let last = -1;
  while (placedCalls(context) !== last) {
    last = placedCalls(context);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return last - since;
}

let phoneSerial = 1000;
const freshPhone = () => `(415) 555-${String(phoneSerial++).padStart(4, "0")}`;

export const demoCallLimits: ReliabilityItem = {
  number: "3",
  name: "call_me_now_limits",
  server: true,
  async run(context) {
    const perAddress = SETTINGS_DEFAULTS.widgetRateIpHour;
    const perPhone = SETTINGS_DEFAULTS.widgetRatePhoneDay;
    const failures: string[] = [];
    const addresses = Array.from({ length: 50 }, freshAddress);
    let start = placedCalls(context);
    const byAddress = await burst(Array.from({ length: 200 }, (_, i) => () => callMeNow(context, freshPhone(), addresses[i % 50]!)));
    const placedByAddress = await settledCalls(context, start);
    const allowed = 50 * Math.min(4, perAddress);
    if ((byAddress.get(200) ?? 0) !== allowed) failures.push(`address burst: ${byAddress.get(200) ?? 0} accepted, expected ${allowed}`);
    if ((byAddress.get(429) ?? 0) !== 200 - allowed) failures.push(`address burst: ${byAddress.get(429) ?? 0} refused with 429`);
    if (placedByAddress !== allowed) failures.push(`address burst: the simulator received ${placedByAddress} calls, expected ${allowed}`);

    start = placedCalls(context);
    const onePhone = freshPhone();
    const byPhone = await burst(Array.from({ length: 50 }, () => () => callMeNow(context, onePhone, freshAddress())));
    const placedByPhone = await settledCalls(context, start);
    if ((byPhone.get(200) ?? 0) !== perPhone || placedByPhone !== perPhone)
      failures.push(`one-number burst: ${byPhone.get(200) ?? 0} accepted, ${placedByPhone} placed, expected ${perPhone}`);
    return outcome(
      {
        requests: 250,
        accepted: (byAddress.get(200) ?? 0) + (byPhone.get(200) ?? 0),
        refused_429: (byAddress.get(429) ?? 0) + (byPhone.get(429) ?? 0),
        calls_placed: placedByAddress + placedByPhone,
        expected: allowed + perPhone,
      },
      failures,
    );
  },
};

const REFUSED_DESTINATIONS = ["+1 900 555 0199", "+44 20 7946 0958", "+1 876 555 0100", "+53 5123 4567", "+1 809 555 0100"];

export const destinationBurst: ReliabilityItem = {
  number: "4",
  name: "destination_rules_burst",
  server: true,
  async run(context) {
    const start = placedCalls(context);
    const addresses = Array.from({ length: 50 }, freshAddress);
    const statuses = await burst(Array.from({ length: 200 }, (_, i) => () => callMeNow(context, REFUSED_DESTINATIONS[i % 5]!, addresses[i % 50]!)));
    const placed = await settledCalls(context, start);
    const failures = placed === 0 ? [] : [`${placed} calls reached refused destinations`];
    if ((statuses.get(400) ?? 0) !== 200) failures.push(`statuses ${JSON.stringify(Object.fromEntries(statuses))}, expected 200 × 400`);
    return outcome({ requests: 200, refused_400: statuses.get(400) ?? 0, calls_placed: placed }, failures);
  },
};

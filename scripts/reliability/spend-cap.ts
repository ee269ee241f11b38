/**
 * Item 5: the daily spend cap under load. With the cap $2 above what the demo organization has spent today, 1,000
 * chat messages from 200 addresses and 20 calls ringing in at once: spend never passes the cap by more than one
 * call's worth (the reservation a call holds), callers past it reach the message-taking path, and nothing answers
 * 5xx.
 */
import { CALL_RESERVATION_MICRO_USD } from "@nikki/core";
import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { placeSimulatedCall } from "@nikki/simulators/twilio-caller";
import { DEMO } from "../../worker/src/db/seed";
import { type Context, type ReliabilityItem, cookieOf, freshAddress, outcome } from "./context";

async function ownerCookie(context: Context) {
  const response = await fetch(`${context.base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: context.base, "cf-connecting-ip": freshAddress() },
    body: JSON.stringify({ email: DEMO.ownerEmail, password: DEMO.ownerPassword }),
  });
  return cookieOf(response);
}

async function spentUsd(context: Context, cookie: string): Promise<number> {
  const response = await fetch(`${context.base}/api/billing/subscription`, { headers: { cookie, origin: context.base } });
  return ((await response.json()) as { spend: { spent_usd: number } }).spend.spent_usd;
}

/**
 * The items before this one place calls for the demo organization too (call-me-now): each is charged when it ends,
 * against the cap of its time. Once none made in the last 15 minutes is still on and the spend stops moving, what is
 * spent from here is this item's.
 */
async function quiet(context: Context, cookie: string): Promise<number> {
  const deadline = Date.now() + 120_000;
  let last = Number.NaN;
  let on: number | null = null;
  while (Date.now() < deadline) {
    on = await context.db
      .prepare("select count(*) as n from calls where organization_id = ? and ended_at is null and created_at > ?")
      .bind(DEMO.organizationId, Date.now() - 15 * 60_000)
      .first<number>("n");
    const spent = await spentUsd(context, cookie);
    if (on === 0 && spent === last) return 0;
    last = spent;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return on ?? 0;
}

export const spendCapBurst: ReliabilityItem = {
  number: "5",
  name: "spend_cap_burst",
  server: true,
  async run(context) {
    const cookie = await ownerCookie(context);
    const quietStarted = performance.now();
    const stillOn = await quiet(context, cookie);
    const waited = (performance.now() - quietStarted) / 1000;
    const before = await spentUsd(context, cookie);
    const cap = Math.ceil(before) + 2;
    await context.db.prepare("update organization_settings set daily_spend_cap_usd = ? where organization_id = ?").bind(cap, DEMO.organizationId).run();

    const statuses = new Map<number, number>();
    const addresses = Array.from({ length: 200 }, freshAddress);
    const chats = (async () => {
      for (let batch = 0; batch < 20; batch++) {
        await Promise.all(
          Array.from({ length: 50 }, async (_, i) => {
            const response = await fetch(`${context.base}/api/chat?key=${DEMO.publicWidgetKey}`, {
              method: "POST",
              headers: { "content-type": "application/json", origin: context.base, "cf-connecting-ip": addresses[(batch * 50 + i) % 200]! },
              body: JSON.stringify({ messages: [{ role: "user", content: `Do you work weekends? (${batch}-${i})` }] }),
            });
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            await response.body?.cancel();
          }),
        );
      }
    })();
    const calls = Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        placeSimulatedCall({
          baseUrl: context.base,
          publicBaseUrl: context.base,
          authToken: SIMULATED_CREDENTIALS.twilioAuthToken,
          accountSid: SIMULATED_CREDENTIALS.twilioAccountSid,
          from: `+1415556${String(1000 + index)}`,
          to: DEMO.phoneNumber,
          tag: 50_000 + index,
          minDurationMs: 3_000,
        }).catch((error: unknown) => ({ failed: error instanceof Error ? error.message : String(error) })),
      ),
    );
    const [, reports] = await Promise.all([chats, calls]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const after = await spentUsd(context, cookie);
    // The items after this one use the demo organization too: they get their day back.
    await context.db.prepare("update organization_settings set daily_spend_cap_usd = 1000 where organization_id = ?").bind(DEMO.organizationId).run();

    const failedCalls = reports.filter((report) => "failed" in report);
    const voicemails = reports.filter((report) => "voicemail" in report && report.voicemail).length;
    const answered = reports.length - failedCalls.length - voicemails;
    const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    const oneCall = CALL_RESERVATION_MICRO_USD / 1_000_000;
    const failures: string[] = [];
    if (after > cap + oneCall) failures.push(`spent $${after} against a $${cap} cap (one call is $${oneCall})`);
    if (voicemails === 0) failures.push("no caller reached the message-taking path: the cap was never reached");
    if (failedCalls.length) failures.push(`${failedCalls.length} calls failed: ${(failedCalls[0] as { failed: string }).failed}`);
    if (serverErrors) failures.push(`${serverErrors} chat answers were 5xx`);
    return outcome(
      {
        earlier_calls_waited_s: waited.toFixed(1),
        earlier_calls_still_on: stillOn,
        cap_usd: cap,
        spent_before_usd: before,
        spent_after_usd: after,
        one_call_usd: oneCall,
        chats: 1000,
        chat_statuses: [...statuses].map(([status, n]) => `${status}x${n}`).join(","),
        calls: 20,
        answered_by_ai: answered,
        message_path: voicemails,
      },
      failures,
    );
  },
};

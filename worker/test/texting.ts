/** The messaging gate's tests' helpers: a texting organization, its texts, and what the gate recorded of them. */
import type { TextUsageResource } from "@nikki/core";
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { createD1Database } from "../src/db/client";
import { createLogger } from "../src/logger";
import { sendText } from "../src/messaging/send-text";
import { type SignedUp, call } from "./accounts";
import { bookingOrganization, twilioMessages } from "./booking";
import { testServices } from "./services";
import { callSid } from "./twilio";

export const db = createD1Database(env.DB);
export const log = createLogger({ test: "messaging_gate" }, "error");
const today = () => new Date().toISOString().slice(0, 10);
export const spentToday = async (organizationId: string) => (await env.SPEND_METER.get(env.SPEND_METER.idFromName(organizationId)).snapshot(today())).spent;

/**
 * A US mobile number of its own for each text, so what reached the Twilio simulator (shared by every test file) is told
 * apart from other files': an ordinary exchange (720-799: none premium or special, which the gate refuses) and four
 * random digits, where a per-file counter beside the clock had two files meet on one number.
 */
export const recipient = () => {
  const [exchange, line] = crypto.getRandomValues(new Uint32Array(2));
  return `+1415${720 + (exchange! % 80)}${String(line! % 10_000).padStart(4, "0")}`;
};
export const messagesTo = async (to: string) => (await twilioMessages()).filter((message) => message.form.To === to);

/** A trial organization (Growth's bounds) with an agent open every day and a number of its own. */
export async function texting(company: string) {
  const org = await bookingOrganization(company, { number: true });
  const number = (await env.DB.prepare("select twilio_number from phone_numbers where organization_id = ?")
    .bind(org.owner.organizationId)
    .first<string>("twilio_number"))!;
  return { ...org, number };
}
export type Texting = Awaited<ReturnType<typeof texting>>;

/** `count` texts through the gate, each sent (what any path would have sent before). */
export async function sendTexts(org: Texting, count: number) {
  for (let sent = 0; sent < count; sent++) {
    const result = await sendText(
      testServices(),
      { organizationId: org.owner.organizationId, from: org.number, to: recipient(), body: "Your quote is ready.", purpose: "call_detail" },
      { log },
    );
    expect(result.status).toBe("sent");
  }
}

/** The organization's last text attempt, as the gate recorded it. */
export const lastAttempt = (organizationId: string) =>
  env.DB.prepare(
    "select purpose, to_number, status, code, segments, price_micro_usd from text_messages where organization_id = ? order by created_at desc, rowid desc",
  )
    .bind(organizationId)
    .first<{ purpose: string; to_number: string; status: string; code: string | null; segments: number; price_micro_usd: number }>();

export async function insertCall(org: Texting, caller: string, processed = false) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `insert into calls (id, call_sid, organization_id, agent_id, from_number, to_number, status, processing_status, transcript, direction)
     values (?, ?, ?, ?, ?, ?, 'completed', ?, '[{"role":"user","content":"hi"}]', 'inbound')`,
  )
    .bind(id, callSid(), org.owner.organizationId, org.agentId, caller, org.number, processed ? "processed" : "pending")
    .run();
  return id;
}

export const patchSettings = (owner: SignedUp, body: unknown) => call("/api/org/settings", { method: "PATCH", cookie: owner.cookie, body });

/** Keeps a test that counts texts in one clock hour: the hour's window would restart mid-test. */
export async function awayFromTheHoursEnd() {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** What `GET /api/org/texts` answers `who`. */
export const usageOf = async (who: SignedUp) => ((await (await call("/api/org/texts", { cookie: who.cookie })).json()) as { texts: TextUsageResource }).texts;

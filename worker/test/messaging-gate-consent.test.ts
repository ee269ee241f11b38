import { TEXT_MESSAGES } from "@nikki/core";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { setOptOut } from "../src/messaging/consent";
import { sendFollowUpText } from "../src/after-call/follow-up";
import { book, localStart } from "./booking";
import { testServices } from "./services";
import { SIMULATED } from "./simulators";
import { callSid, twilioPost } from "./twilio";
import { type Texting, awayFromTheHoursEnd, db, insertCall, lastAttempt, messagesTo, patchSettings, recipient, texting } from "./texting";
import { callEffectsOf } from "../src/test-suite/call-effects-of";

describe("opt-outs", () => {
  it("an opted-out number gets nothing, whichever path texts it", async () => {
    const org = await texting("Opted Plumbing");
    const phone = recipient();
    await setOptOut(db, org.owner.organizationId, phone, true);
    const response = await book(org.owner, { service_id: org.serviceId, start: localStart(3, "12:00"), name: "Ada Lovelace", phone });
    expect(await response.json()).toMatchObject({ text: "opted_out", text_message: TEXT_MESSAGES.opted_out });
    expect(await messagesTo(phone)).toEqual([]);
    expect(await lastAttempt(org.owner.organizationId)).toMatchObject({ status: "refused", code: "opted_out", price_micro_usd: 0 });
  });

  it("a follow-up refused once is not sent again when the call is analysed again", async () => {
    const org = await texting("Once Plumbing");
    await env.DB.prepare("update organization_settings set post_call_sms = 1 where organization_id = ?").bind(org.owner.organizationId).run();
    const caller = recipient();
    const callId = await insertCall(org, caller, true);
    await setOptOut(db, org.owner.organizationId, caller, true);
    expect(await sendFollowUpText(testServices(), callId, callEffectsOf)).toBe(false);
    await setOptOut(db, org.owner.organizationId, caller, false);
    expect(await sendFollowUpText(testServices(), callId, callEffectsOf)).toBe(false);
    expect(await messagesTo(caller)).toEqual([]);
    const attempts = await env.DB.prepare("select status, code from text_messages where call_id = ?").bind(callId).all();
    expect(attempts.results).toEqual([{ status: "refused", code: "opted_out" }]);
  });
});

describe("replies to incoming texts", () => {
  const incoming = (org: Texting, from: string, body: string) =>
    twilioPost("/twilio/messaging/inbound", {
      MessageSid: `SM${callSid().slice(2)}`,
      From: from,
      To: org.number,
      Body: body,
      AccountSid: SIMULATED.twilioAccountSid,
    });
  const replied = async (response: Response) => /<Message>([\s\S]*)<\/Message>/.exec(await response.text())?.[1] ?? null;

  it("go through the gate: the one confirmation of a STOP and the answer to HELP reach an opted-out number, nothing else does", async () => {
    const org = await texting("Replying Plumbing");
    const from = recipient();
    expect(await replied(await incoming(org, from, "STOP"))).toContain("You&apos;re unsubscribed");
    // A second STOP is not confirmed again; HELP is answered; anything else is not.
    expect(await replied(await incoming(org, from, "stop"))).toBeNull();
    expect(await replied(await incoming(org, from, "HELP"))).toContain("Reply STOP to unsubscribe.");
    expect(await replied(await incoming(org, from, "Are you open?"))).toBeNull();
    const attempts = await env.DB.prepare("select purpose, status from text_messages where organization_id = ? and to_number = ? order by rowid")
      .bind(org.owner.organizationId, from)
      .all();
    expect(attempts.results).toEqual([
      { purpose: "carrier_keyword", status: "sent" },
      { purpose: "carrier_keyword", status: "sent" },
    ]);
  });

  it("count against the limits like any other text: past them the webhook answers no <Message>", async () => {
    await awayFromTheHoursEnd();
    const org = await texting("Busy Replying Plumbing");
    expect((await patchSettings(org.owner, { texts_per_hour: 1 })).status).toBe(200);
    expect(await replied(await incoming(org, recipient(), "Do you fix boilers?"))).not.toBeNull();
    const second = recipient();
    expect(await replied(await incoming(org, second, "Do you fix boilers?"))).toBeNull();
    expect(await lastAttempt(org.owner.organizationId)).toMatchObject({ purpose: "text_reply", status: "refused", code: "rate_limited", to_number: second });
  });
});

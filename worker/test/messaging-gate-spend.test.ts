import { TEXT_MESSAGES, textSegments } from "@nikki/core";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { chargeSpend } from "../src/billing/spend";
import { sendText } from "../src/messaging/send-text";
import { call } from "./accounts";
import { book, localStart } from "./booking";
import { testServices } from "./services";
import { SIMULATED } from "./simulators";
import { insertCall, lastAttempt, log, messagesTo, patchSettings, recipient, spentToday, texting, usageOf } from "./texting";

describe("the daily spend cap", () => {
  it("a day's spend after 10 booking texts is higher by their price; at the cap a text is refused spend_cap", async () => {
    const org = await texting("Spend Plumbing");
    const organizationId = org.owner.organizationId;
    // The price the simulated Twilio account lists for a US text from a local number (the Pricing API, as the gate reads it).
    const pricing = (await (
      await fetch(`http://127.0.0.1:${SIMULATED.twilioPort}/v1/Messaging/Countries/US`, {
        headers: { authorization: `Basic ${btoa(`${SIMULATED.twilioAccountSid}:${SIMULATED.twilioAuthToken}`)}` },
      })
    ).json()) as { outbound_sms_prices: { prices: { number_type: string; current_price: string }[] }[] };
    const perSegment = Math.max(
      ...pricing.outbound_sms_prices.flatMap((carrier) =>
        carrier.prices.filter((price) => price.number_type === "local").map((price) => Number(price.current_price)),
      ),
    );
    const before = await spentToday(organizationId);
    const phones = Array.from({ length: 10 }, recipient);
    for (const [index, phone] of phones.entries()) {
      const response = await book(org.owner, {
        service_id: org.serviceId,
        start: localStart(6 + Math.floor(index / 5), `${String(8 + (index % 5) * 2).padStart(2, "0")}:00`),
        name: "Ada Lovelace",
        phone,
      });
      expect(((await response.json()) as { text: string }).text).toBe("sent");
    }
    let expected = 0;
    for (const phone of phones) {
      const [text] = await messagesTo(phone);
      expected += textSegments(text!.form.Body!).segments * Math.ceil(perSegment * 1_000_000);
    }
    expect(expected).toBeGreaterThan(0);
    expect((await spentToday(organizationId)) - before).toBe(expected);

    // $1 a day, all but a cent of it spent on calls: the next text does not fit.
    expect((await patchSettings(org.owner, { daily_spend_cap_usd: 1 })).status).toBe(200);
    await chargeSpend(testServices(), log, organizationId, "", 1_000_000 - (await spentToday(organizationId)) - 5_000);
    const capped = recipient();
    const response = await book(org.owner, { service_id: org.serviceId, start: localStart(8, "10:00"), name: "Grace Hopper", phone: capped });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ text: "spend_cap", text_message: TEXT_MESSAGES.spend_cap });
    expect(await messagesTo(capped)).toEqual([]);
    const fromCallLog = await call(`/api/calls/${await insertCall(org, capped)}/sms`, { cookie: org.owner.cookie, body: { body: "Your quote" } });
    expect(fromCallLog.status).toBe(429);
    expect(await fromCallLog.json()).toEqual({ error: { code: "spend_cap", message: TEXT_MESSAGES.spend_cap } });
    expect(await messagesTo(capped)).toEqual([]);
    expect(await spentToday(organizationId)).toBe(995_000);
  });

  it("keeps each country's price a day: a kept price is charged without asking Twilio, a stale one is asked again", async () => {
    const org = await texting("Priced Plumbing");
    const text = () =>
      sendText(testServices(), { organizationId: org.owner.organizationId, from: org.number, to: recipient(), body: "Hello", purpose: "call_detail" }, { log });
    await text();
    const listed = (await env.DB.prepare("select micro_usd from text_prices where account_sid = ? and iso_country = 'US'")
      .bind(SIMULATED.twilioAccountSid)
      .first<number>("micro_usd"))!;
    expect(await lastAttempt(org.owner.organizationId)).toMatchObject({ status: "sent", segments: 1, price_micro_usd: listed });
    await env.DB.prepare("update text_prices set micro_usd = 12345 where iso_country = 'US'").run();
    await text();
    expect(await lastAttempt(org.owner.organizationId)).toMatchObject({ price_micro_usd: 12_345 });
    await env.DB.prepare("update text_prices set fetched_at = ? where iso_country = 'US'")
      .bind(Date.now() - 25 * 3_600_000)
      .run();
    await text();
    expect(await lastAttempt(org.owner.organizationId)).toMatchObject({ price_micro_usd: listed });
  });

  it("a text the provider refuses is failed, not counted and not charged", async () => {
    const org = await texting("Failing Plumbing");
    const organizationId = org.owner.organizationId;
    const services = testServices();
    const providers = await services.providersFor(organizationId);
    const { twilio } = await providers.forNumber(org.number);
    const failing = { ...twilio!, sendMessage: () => Promise.reject(new Error("Twilio answered 500")) };
    const before = await spentToday(organizationId);
    const result = await sendText(
      services,
      { organizationId, from: org.number, to: recipient(), body: "Hello", purpose: "call_detail" },
      { log, providers: { ...providers, forNumber: async () => ({ twilio: failing }) } },
    );
    expect(result).toEqual({ status: "failed", code: "provider_failed", message: TEXT_MESSAGES.provider_failed });
    expect(await spentToday(organizationId)).toBe(before);
    expect(await usageOf(org.owner)).toMatchObject({ sent_this_hour: 0, sent_today: 0 });
    expect(await lastAttempt(organizationId)).toMatchObject({ status: "failed", code: "provider_failed", price_micro_usd: 0 });
  });
});

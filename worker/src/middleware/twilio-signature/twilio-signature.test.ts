import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE } from "../../../test/post-json";
import { computeTwilioSignature } from "@nikki/core/twilio-signature";

const callCount = async () => (await env.DB.prepare("select count(*) as n from calls").first<number>("n")) ?? 0;
const post = (path: string, body: BodyInit, headers: Record<string, string>) => SELF.fetch(`${BASE}${path}`, { method: "POST", headers, body });

describe("Twilio webhooks with bodies Twilio never sends", () => {
  it("refuse a multipart body with 415 and write nothing", async () => {
    const before = await callCount();
    const form = new FormData();
    form.set("CallSid", "CA00000000000000000000000000000001");
    form.set("From", "+14155550100");
    const response = await SELF.fetch(`${BASE}/twilio/voice/inbound`, { method: "POST", body: form, headers: { "x-twilio-signature": "x" } });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unsupported_media_type");
    expect(await callCount()).toBe(before);
  });

  it("answer a broken encoding with 403 when unsigned, and read it as Twilio signed it when signed: never 500", async () => {
    const body = "CallSid=CA%ZZ&From=%E0%A4%A&To=%2B15005550006&AccountSid=" + env.TWILIO_ACCOUNT_SID;
    const headers = { "content-type": "application/x-www-form-urlencoded" };
    expect((await post("/twilio/voice/inbound", body, { ...headers, "x-twilio-signature": "forged" })).status).toBe(403);
    const params = Object.fromEntries(new URLSearchParams(body));
    const signature = await computeTwilioSignature(env.TWILIO_AUTH_TOKEN!, `${BASE}/twilio/voice/inbound`, params);
    const signed = await post("/twilio/voice/inbound", body, { ...headers, "x-twilio-signature": signature });
    expect(signed.status).toBeLessThan(500);
    const json = await post("/twilio/messaging/inbound", "{not json", { "content-type": "application/json", "x-twilio-signature": "x" });
    expect(json.status).toBe(415);
  });

  it("refuse a body over 64 KB with 413", async () => {
    const response = await post("/twilio/voice/status", `Body=${"a".repeat(70_000)}`, {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": "x",
    });
    expect(response.status).toBe(413);
  });
});

import { NUMBER_MESSAGES, type NumberResource } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call, inviteAndJoin, signUp } from "../../../test/accounts";
import { SIMULATED } from "../../../test/simulators";

const twilio = `http://127.0.0.1:${SIMULATED.twilioPort}`;
const api = (who: SignedUp, path: string, method = "GET", body?: unknown) => call(path, { method, cookie: who.cookie, body });
const numberIn = async (response: Response) => ((await response.json()) as { number: NumberResource }).number;
const listOf = async (who: SignedUp) => ((await (await api(who, "/api/numbers")).json()) as { numbers: NumberResource[] }).numbers;
const twilioNumber = async (sid: string) =>
  (await (
    await fetch(`${twilio}/2010-04-01/Accounts/${SIMULATED.twilioAccountSid}/IncomingPhoneNumbers/${sid}.json`, {
      headers: { authorization: `Basic ${btoa(`${SIMULATED.twilioAccountSid}:${SIMULATED.twilioAuthToken}`)}` },
    })
  ).json()) as { voice_url: string; sms_url: string; status_callback: string; friendly_name: string; status?: number };

async function search(who: SignedUp, body: object) {
  return ((await (await api(who, "/api/numbers/search", "POST", body)).json()) as { available: { phone_number: string; locality: string; region: string }[] })
    .available;
}

async function buy(who: SignedUp, areaCode: string) {
  const [first] = await search(who, { area_code: areaCode });
  const response = await api(who, "/api/numbers", "POST", { phone_number: first!.phone_number });
  expect(response.status).toBe(201);
  return numberIn(response);
}

let owner: SignedUp;
beforeAll(async () => {
  owner = await signUp({ company: "Numbers Plumbing" });
});

describe("searching and buying a number", () => {
  it("searches Twilio's numbers for sale by area code and digits, with the monthly price to confirm", async () => {
    const response = (await (await api(owner, "/api/numbers/search", "POST", { area_code: "512" })).json()) as { monthly_price: object };
    expect(response.monthly_price).toEqual({ amount: "1.15", currency: "USD" });
    const available = await search(owner, { area_code: "512", contains: "55" });
    expect(available.length).toBeGreaterThan(0);
    expect(available.every((number) => number.phone_number.startsWith("+1512") && number.phone_number.includes("55"))).toBe(true);
    expect(available[0]!.locality).toBe("Austin");
  });

  it("names the place of a Denver number, and no place at all for an area code the provider cannot place", async () => {
    const [denver] = await search(owner, { area_code: "720" });
    expect(denver).toMatchObject({ locality: "Denver", region: "CO" });
    const [unplaced] = await search(owner, { area_code: "207" });
    expect(unplaced).toMatchObject({ locality: "", region: "" });
  });

  it("leaves out a number another business here already holds, though the provider still lists it", async () => {
    const [listed] = await search(owner, { area_code: "303" });
    const other = await signUp({ company: "Numbers Elsewhere" });
    await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, status) values (?, ?, ?, 'active')")
      .bind(crypto.randomUUID(), other.organizationId, listed!.phone_number)
      .run();
    const after = await search(owner, { area_code: "303" });
    expect(after.length).toBeGreaterThan(0);
    expect(after.map((number) => number.phone_number)).not.toContain(listed!.phone_number);
  });

  it("buys one with this deployment's webhooks; it belongs to the organization, unassigned and inactive", async () => {
    const number = await buy(owner, "415");
    expect(number).toMatchObject({ assigned_agent_id: null, agent_name: null, status: "inactive", webhooks: "here", twilio_sid: expect.stringMatching(/^PN/) });
    expect(await twilioNumber(number.twilio_sid!)).toMatchObject({
      voice_url: "https://nikki.test/twilio/voice/inbound",
      sms_url: "https://nikki.test/twilio/messaging/inbound",
      status_callback: "https://nikki.test/twilio/voice/status",
    });
    expect((await listOf(owner)).map((row) => row.id)).toContain(number.id);
  });

  it.each([
    ["/api/numbers/search", { country: "FR" }, "country", NUMBER_MESSAGES.country],
    ["/api/numbers/search", { area_code: "41" }, "area_code", NUMBER_MESSAGES.areaCode],
    ["/api/numbers", { phone_number: "415-555-0100" }, "phone_number", NUMBER_MESSAGES.phoneNumber],
    ["/api/numbers", { phone_number: "+14155559999" }, "phone_number", NUMBER_MESSAGES.unavailable],
  ])("%s refuses %j with fields.%s", async (path, body, field, message) => {
    const before = await listOf(owner);
    const response = await api(owner, path, "POST", body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ [field]: message });
    expect(await listOf(owner)).toEqual(before);
  });

  it("refuses a number another business already holds", async () => {
    const mine = await buy(owner, "212");
    const other = await signUp({ company: "Other Numbers" });
    const response = await api(other, "/api/numbers", "POST", { phone_number: mine.phone_number });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(NUMBER_MESSAGES.taken);
  });
});

describe("assigning, renaming and releasing", () => {
  it("assigning an agent makes the number active and names the agent; unassigning makes it inactive", async () => {
    const agentId = crypto.randomUUID();
    await env.DB.prepare("insert into agents (id, organization_id, name) values (?, ?, 'Nikki')").bind(agentId, owner.organizationId).run();
    const number = await buy(owner, "415");
    expect(await numberIn(await api(owner, `/api/numbers/${number.id}`, "PATCH", { assigned_agent_id: agentId }))).toMatchObject({
      assigned_agent_id: agentId,
      agent_name: "Nikki",
      status: "active",
    });
    expect(await numberIn(await api(owner, `/api/numbers/${number.id}`, "PATCH", { assigned_agent_id: null }))).toMatchObject({
      agent_name: null,
      status: "inactive",
    });
  });

  it("refuses another organization's agent with the spec's message", async () => {
    const number = await buy(owner, "415");
    const response = await api(owner, `/api/numbers/${number.id}`, "PATCH", { assigned_agent_id: "agt_demo_nikki" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ assigned_agent_id: NUMBER_MESSAGES.agent });
  });

  it("renames it at Twilio too, and releases it from the account", async () => {
    const number = await buy(owner, "415");
    expect(await numberIn(await api(owner, `/api/numbers/${number.id}`, "PATCH", { friendly_name: "Main line" }))).toMatchObject({
      friendly_name: "Main line",
    });
    expect((await twilioNumber(number.twilio_sid!)).friendly_name).toBe("Main line");
    expect((await api(owner, `/api/numbers/${number.id}`, "DELETE")).status).toBe(204);
    expect((await twilioNumber(number.twilio_sid!)).status).toBe(404);
    expect((await listOf(owner)).map((row) => row.id)).not.toContain(number.id);
  });

  it("keeps organizations apart and viewers out", async () => {
    const number = await buy(owner, "415");
    const stranger = await signUp({ company: "Stranger Numbers" });
    expect((await api(stranger, `/api/numbers/${number.id}`, "PATCH", { friendly_name: "Mine now" })).status).toBe(404);
    expect((await api(stranger, `/api/numbers/${number.id}`, "DELETE")).status).toBe(404);
    const viewer = await inviteAndJoin(owner, "viewer");
    expect((await api(viewer, "/api/numbers")).status).toBe(403);
  });
});

describe("POST /api/numbers/sync", () => {
  it("finds webhooks pointing elsewhere, sets empty ones, drops numbers released in Twilio, and can point one here", async () => {
    const business = await signUp({ company: "Sync Co" });
    const elsewhere = await buy(business, "512");
    const emptied = await buy(business, "512");
    const released = await buy(business, "512");
    const auth = {
      authorization: `Basic ${btoa(`${SIMULATED.twilioAccountSid}:${SIMULATED.twilioAuthToken}`)}`,
      "content-type": "application/x-www-form-urlencoded",
    };
    const account = `${twilio}/2010-04-01/Accounts/${SIMULATED.twilioAccountSid}/IncomingPhoneNumbers`;
    await fetch(`${account}/${elsewhere.twilio_sid}.json`, { method: "POST", headers: auth, body: "VoiceUrl=https%3A%2F%2Fold-provider.example%2Fvoice" });
    await fetch(`${account}/${emptied.twilio_sid}.json`, { method: "POST", headers: auth, body: "VoiceUrl=" });
    await fetch(`${account}/${released.twilio_sid}.json`, { method: "DELETE", headers: auth });

    const response = await api(business, "/api/numbers/sync", "POST", {});
    expect(response.status).toBe(200);
    expect(((await response.json()) as { sync: { removed: number; elsewhere: number } }).sync).toMatchObject({ removed: 1, elsewhere: 1 });
    const list = await listOf(business);
    expect(list.map((number) => number.id).sort()).toEqual([elsewhere.id, emptied.id].sort());
    expect(list.find((number) => number.id === elsewhere.id)!.webhooks).toBe("elsewhere");
    expect((await twilioNumber(emptied.twilio_sid!)).voice_url).toBe("https://nikki.test/twilio/voice/inbound");

    const pointed = await numberIn(await api(business, `/api/numbers/${elsewhere.id}`, "PATCH", { point_webhooks_here: true }));
    expect(pointed.webhooks).toBe("here");
    expect((await twilioNumber(elsewhere.twilio_sid!)).voice_url).toBe("https://nikki.test/twilio/voice/inbound");
  });

  it("on the platform's account never adopts numbers other businesses hold", async () => {
    const first = await signUp({ company: "Adopt A" });
    const theirs = await buy(first, "212");
    const second = await signUp({ company: "Adopt B" });
    await api(second, "/api/numbers/sync", "POST", {});
    expect((await listOf(second)).map((number) => number.phone_number)).not.toContain(theirs.phone_number);
  });
});

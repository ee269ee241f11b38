import { CHAT_OFFER_MARK, CHAT_OFFER_RULE, LEAD_MESSAGES, WIDGET_LEAD_COPY, type WidgetConfig, businessChatGreeting } from "@nikki/core";
import { SIMULATED_BUSINESS_CREDENTIALS as OWN } from "@nikki/simulators/credentials";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call, signUp } from "./accounts";
import { SIMULATED } from "./simulators";

/** Issue 36 §3: on a business's site the chat speaks for that business, and its contact hand-off is that business's lead. */
const SITE = "https://rosa-plumbing.example";
let business: SignedUp;
let key: string;

const config = async (origin: string) => (await (await call(`/api/widget/config?key=${key}`, { origin })).json()) as WidgetConfig;
const settings = (body: object) => call("/api/org/settings", { method: "PATCH", cookie: business.cookie, body });
const leaveNumber = (body: object, ip = "203.0.113.140") => call(`/api/widget/leads?key=${key}`, { origin: SITE, body, headers: { "cf-connecting-ip": ip } });
const hubspotContacts = async () =>
  (
    (await (await fetch(`http://127.0.0.1:${SIMULATED.crmPort}/__requests`)).json()) as {
      method: string;
      path: string;
      body: { properties?: Record<string, string> } | null;
    }[]
  )
    // Contacts created: Test Connection's reads of the same path have no body.
    .filter((request) => request.method === "POST" && request.path === "/crm/v3/objects/contacts")
    .map((request) => request.body?.properties ?? {});

beforeAll(async () => {
  business = await signUp({ company: "Rosa Plumbing" });
  key = (await env.DB.prepare("select public_key from widget_keys where organization_id = ? and revoked_at is null")
    .bind(business.organizationId)
    .first<string>("public_key"))!;
  expect((await settings({ allowed_origins: [SITE] })).status).toBe(200);
  const created = await call("/api/agents", { cookie: business.cookie, body: { name: "Rosa" } });
  expect(created.status).toBe(201);
});

describe("the chat on a business's own site", () => {
  it("greets as the business's chat agent, signed, and names no contact page of ours", async () => {
    const seen = await config(SITE);
    expect(seen.chat).toEqual({
      agent_name: "Rosa",
      greeting: businessChatGreeting("Rosa", "Rosa Plumbing"),
      signature: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(seen.chat.greeting).not.toMatch(/plans, setup, billing/);
    expect(seen).not.toHaveProperty("contact_url");
  });

  it("links to the business's own contact page once Settings has one", async () => {
    expect((await settings({ contact_url: "https://rosa-plumbing.example/contact" })).status).toBe(200);
    expect((await config(SITE)).contact_url).toBe("https://rosa-plumbing.example/contact");
    expect((await settings({ contact_url: null })).status).toBe(200);
  });

  it("keeps its signed greeting as the assistant's first turn of the conversation", async () => {
    const { chat } = await config(SITE);
    const asked = "Do you unblock drains on Sundays?";
    const response = await call(`/api/chat?key=${key}`, {
      origin: SITE,
      headers: { "cf-connecting-ip": "203.0.113.141" },
      body: {
        messages: [
          { role: "assistant", content: chat.greeting, sig: chat.signature },
          { role: "user", content: asked },
        ],
      },
    });
    expect(response.status).toBe(200);
    const requests = (await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__chat-requests`)).json()) as {
      messages: { role: string; content: string }[];
    }[];
    const sent = requests.filter((request) => request.messages.at(-1)?.content === asked).at(-1)!;
    expect(sent.messages.slice(1)).toEqual([
      { role: "assistant", content: chat.greeting },
      { role: "user", content: asked },
    ]);
  });
});

describe("the chat's \"I don't know\"", () => {
  const ask = (content: string, ip: string) =>
    call(`/api/chat?key=${key}`, { origin: SITE, headers: { "cf-connecting-ip": ip }, body: { messages: [{ role: "user", content }] } });

  it("offers to take the visitor's number: the reply says it does not know, without the model's mark, and answers offer_contact", async () => {
    const response = await ask("Do you take Delta Dental insurance?", "203.0.113.142");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { reply: string; signature: string; offer_contact: boolean };
    expect(body).toMatchObject({ reply: "I'm sorry, I don't know that. I can have someone from the team get back to you.", offer_contact: true });
    expect(body.reply).not.toContain(CHAT_OFFER_MARK);
    // The model was asked for the mark: the rule is in the chat's instructions.
    const requests = (await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__chat-requests`)).json()) as { messages: { content: string }[] }[];
    expect(requests.findLast((request) => request.messages.at(-1)?.content === "Do you take Delta Dental insurance?")!.messages[0]!.content).toContain(
      CHAT_OFFER_RULE,
    );
  });

  it("offers nothing when the reply needs no follow-up", async () => {
    const body = (await (await ask("Thank you", "203.0.113.143")).json()) as { offer_contact: boolean };
    expect(body.offer_contact).toBe(false);
  });
});

describe("the chat's contact hand-off", () => {
  it("takes the visitor's name and number as the business's lead, listed for the business and sent to its CRM", async () => {
    // Until a CRM is connected, the list says there is none (Leads' CRM column then says so rather than "Not sent").
    const crmConnected = async () => ((await (await call("/api/leads", { cookie: business.cookie })).json()) as { crm_connected: boolean }).crm_connected;
    expect(await crmConnected()).toBe(false);
    expect((await call("/api/integrations/hubspot", { method: "PUT", cookie: business.cookie, body: { credentials: OWN.hubspot } })).status).toBe(200);
    expect(await crmConnected()).toBe(true);
    const pushedBefore = (await hubspotContacts()).length;
    const response = await leaveNumber({ name: "Dana Scully", phone: "(415) 555-0142", notes: "Do you unblock drains on Sundays?" });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    const listed = async () =>
      ((await (await call("/api/leads", { cookie: business.cookie })).json()) as { leads: { id: string; crm_synced_at: string | null }[] }).leads.find(
        (lead) => lead.id === id,
      );
    expect(await listed()).toMatchObject({
      source: "chat",
      name: "Dana Scully",
      phone: "+14155550142",
      notes: "Do you unblock drains on Sundays?",
      call_id: null,
    });
    for (let waited = 0; waited < 5_000 && !(await listed())?.crm_synced_at; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await listed())?.crm_synced_at).toEqual(expect.any(String));
    expect((await hubspotContacts()).slice(pushedBefore)).toContainEqual(
      expect.objectContaining({ firstname: "Dana", lastname: "Scully", phone: "+14155550142" }),
    );

    // Another business never sees it; a visitor without a session cannot list leads.
    const other = await signUp({ company: "Other Plumbing" });
    const theirs = (await (await call("/api/leads", { cookie: other.cookie })).json()) as { leads: { id: string }[] };
    expect(theirs.leads.map((lead) => lead.id)).not.toContain(id);
    expect((await call("/api/leads")).status).toBe(401);
  });

  it("refuses a missing name or a bad number in the product's words, and a site that is not allowed", async () => {
    const bad = await leaveNumber({ name: "D", phone: "12" }, "203.0.113.142");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      name: LEAD_MESSAGES.nameMin,
      phone: WIDGET_LEAD_COPY.invalidPhone,
    });
    const foreign = await call(`/api/widget/leads?key=${key}`, { origin: "https://copycat.example", body: { name: "Dana", phone: "4155550142" } });
    expect(foreign.status).toBe(403);
  });
});

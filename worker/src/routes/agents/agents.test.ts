import { AGENT_MESSAGES as M, type AgentResource, DEFAULT_OPENING_HOURS, TRANSFER_LINE_MESSAGES } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call, inviteAndJoin, signUp } from "../../../test/accounts";

const create = (who: SignedUp, body: unknown) => call("/api/agents", { cookie: who.cookie, body });
const patch = (who: SignedUp, id: string, body: unknown) => call(`/api/agents/${id}`, { method: "PATCH", cookie: who.cookie, body });
const agentIn = async (response: Response) => ((await response.json()) as { agent: AgentResource }).agent;
const listOf = async (who: SignedUp) => ((await (await call("/api/agents", { cookie: who.cookie })).json()) as { agents: AgentResource[] }).agents;

let owner: SignedUp;
beforeAll(async () => {
  owner = await signUp({ company: "Agents Plumbing" });
});

describe("POST /api/agents", () => {
  it("needs only a name and fills the spec's defaults, 9 to 5 on weekdays included", async () => {
    const response = await create(owner, { name: "Nikki" });
    expect(response.status).toBe(201);
    expect(await agentIn(response)).toMatchObject({
      name: "Nikki",
      language: "en-US",
      voice: "alloy",
      status: "active",
      business_hours_tz: "America/New_York",
      hours_json: DEFAULT_OPENING_HOURS,
      escalation_json: {},
      crm_mapping: {},
      numbers: [],
      greeting: "Thanks for calling Agents Plumbing, this is Nikki. How can I help?",
    });
  });

  it("stores the default greeting for an empty one, and keeps it in step with a rename until the business writes its own", async () => {
    const agent = await agentIn(await create(owner, { name: "Rosa", greeting: "  " }));
    expect(agent.greeting).toBe("Thanks for calling Agents Plumbing, this is Rosa. How can I help?");
    expect((await agentIn(await patch(owner, agent.id, { name: "Rosie" }))).greeting).toBe(
      "Thanks for calling Agents Plumbing, this is Rosie. How can I help?",
    );
    expect((await agentIn(await patch(owner, agent.id, { greeting: "Rosie here, how can I help?" }))).greeting).toBe("Rosie here, how can I help?");
    expect((await agentIn(await patch(owner, agent.id, { name: "Ro" }))).greeting).toBe("Rosie here, how can I help?");
    expect((await agentIn(await patch(owner, agent.id, { greeting: null }))).greeting).toBe("Thanks for calling Agents Plumbing, this is Ro. How can I help?");
  });

  it("takes JSON fields as objects or strings and answers them as objects", async () => {
    const agent = await agentIn(
      await create(owner, {
        name: "Sofia",
        language: "es-ES",
        voice: "coral",
        greeting: "¡Hola! Gracias por llamar.",
        escalation_json: '{"phone": "+14155550100"}',
        crm_mapping: { company: "company_name" },
        tools: ["book_appointment", "transfer_call"],
      }),
    );
    expect(agent).toMatchObject({
      voice: "coral",
      escalation_json: { phone: "+14155550100" },
      crm_mapping: { company: "company_name" },
      tools: ["book_appointment", "transfer_call"],
    });
    expect((await call(`/api/agents/${agent.id}`, { cookie: owner.cookie }).then(agentIn)).greeting).toBe("¡Hola! Gracias por llamar.");
  });

  it.each([
    [{}, "name", M.name],
    [{ name: "A", voice: "nova" }, "voice", M.voice],
    [{ name: "A", hours_json: { mon: [{ open: "18:00", close: "09:00" }] } }, "hours_json", "Monday closes before it opens."],
    [{ name: "A", business_hours_tz: "Nowhere/Land" }, "business_hours_tz", M.timezone],
    [{ name: "A", tools: ["launch_rockets"] }, "tools", M.tools],
  ])("refuses %j with fields.%s and creates nothing", async (body, field, message) => {
    const before = (await listOf(owner)).length;
    const response = await create(owner, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ [field]: message });
    expect(await listOf(owner)).toHaveLength(before);
  });

  it("answers invalid JSON in a JSON field with the parser's message under that field", async () => {
    const response = await create(owner, { name: "A", crm_mapping: "{company: name}" });
    expect(response.status).toBe(400);
    const { fields } = ((await response.json()) as { error: { fields: Record<string, string> } }).error;
    expect(Object.keys(fields)).toEqual(["crm_mapping"]);
    expect(fields.crm_mapping).toMatch(/JSON|property name/i);
  });
});

describe("the plan's agent limit", () => {
  it("counts active agents: the trial has Growth's five; a sixth is refused with plan_limit, an inactive one is not", async () => {
    const business = await signUp({ company: "Limit Co" });
    for (let i = 0; i < 5; i++) expect((await create(business, { name: `Agent ${i}` })).status).toBe(201);
    const sixth = await create(business, { name: "Agent 6" });
    expect(sixth.status).toBe(403);
    expect(((await sixth.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: "plan_limit",
      message: "The free trial includes 5 active agents (as Growth). Deactivate one, or choose a larger plan in Billing.",
    });
    const spare = await agentIn(await create(business, { name: "Spare", status: "inactive" }));
    expect((await patch(business, spare.id, { status: "active" })).status).toBe(403);
    const first = (await listOf(business)).at(-1)!;
    expect((await patch(business, first.id, { status: "inactive" })).status).toBe(200);
    expect((await patch(business, spare.id, { status: "active" })).status).toBe(200);
  });

  it("on Starter allows two", async () => {
    const business = await signUp({ company: "Starter Co" });
    await env.DB.prepare("insert into subscriptions (organization_id, plan_slug, status) values (?, 'starter', 'active')").bind(business.organizationId).run();
    expect((await create(business, { name: "One" })).status).toBe(201);
    expect((await create(business, { name: "Two" })).status).toBe(201);
    expect(((await (await create(business, { name: "Three" })).json()) as { error: { message: string } }).error.message).toContain(
      "The Starter plan includes 2",
    );
  });
});

describe("GET, PATCH and DELETE /api/agents/:id", () => {
  it("lists newest first with the numbers each answers; edits any field; deactivates", async () => {
    const business = await signUp({ company: "Edit Co" });
    const older = await agentIn(await create(business, { name: "Older" }));
    const newer = await agentIn(await create(business, { name: "Newer" }));
    await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
      .bind(crypto.randomUUID(), business.organizationId, `+1415555${String(Date.now()).slice(-4)}`, older.id)
      .run();
    const list = await listOf(business);
    expect(list.map((agent) => agent.name)).toEqual(["Newer", "Older"]);
    expect(list[1]!.numbers).toHaveLength(1);
    const edited = await agentIn(await patch(business, newer.id, { persona_prompt: "Calm and precise.", status: "inactive" }));
    expect(edited).toMatchObject({ persona_prompt: "Calm and precise.", status: "inactive", name: "Newer" });
    expect((await patch(business, newer.id, { voice: "onyx" })).status).toBe(400);
  });

  it("refuses to delete an agent that still answers a number, then deletes it once unassigned", async () => {
    const business = await signUp({ company: "Delete Co" });
    const agent = await agentIn(await create(business, { name: "Busy" }));
    const numberId = crypto.randomUUID();
    await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
      .bind(numberId, business.organizationId, `+1415556${String(Date.now()).slice(-4)}`, agent.id)
      .run();
    const refused = await call(`/api/agents/${agent.id}`, { method: "DELETE", cookie: business.cookie });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(M.hasNumbers);
    await env.DB.prepare("update phone_numbers set assigned_agent_id = null where id = ?").bind(numberId).run();
    expect((await call(`/api/agents/${agent.id}`, { method: "DELETE", cookie: business.cookie })).status).toBe(204);
    expect((await call(`/api/agents/${agent.id}`, { cookie: business.cookie })).status).toBe(404);
  });

  it("keeps organizations apart and viewers out", async () => {
    const agent = await agentIn(await create(owner, { name: "Private" }));
    const stranger = await signUp({ company: "Stranger Co" });
    expect((await call(`/api/agents/${agent.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await patch(stranger, agent.id, { name: "Stolen" })).status).toBe(404);
    const viewer = await inviteAndJoin(owner, "viewer");
    expect((await call("/api/agents", { cookie: viewer.cookie })).status).toBe(403);
    expect((await call(`/api/agents/${agent.id}`, { cookie: owner.cookie }).then(agentIn)).name).toBe("Private");
  });
});

describe("a transfer number that is the agent's own line", () => {
  it("is refused under the escalation field, in any way it is written; a number another agent answers is a transfer like any", async () => {
    const dental = await signUp({ company: "Mile High Dental" });
    const sofia = await agentIn(await create(dental, { name: "Sofia" }));
    const max = await agentIn(await create(dental, { name: "Max" }));
    const line = (number: string, agentId: string) =>
      env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
        .bind(crypto.randomUUID(), dental.organizationId, number, agentId)
        .run();
    await line("+17205550142", sofia.id);
    await line("+17205550143", max.id);
    for (const escalation_json of [{ numbers: ["(720) 555-0142"] }, { numbers: ["+13035550199", "+17205550142"] }, { phone: "720-555-0142" }]) {
      const refused = await patch(dental, sofia.id, { escalation_json });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { fields: object } }).error.fields).toEqual({ escalation_json: TRANSFER_LINE_MESSAGES.ownLine });
    }
    const toMax = await patch(dental, sofia.id, { escalation_json: { numbers: ["(720) 555-0143"] } });
    expect(toMax.status).toBe(200);
    expect((await agentIn(toMax)).escalation_json).toMatchObject({ numbers: ["+17205550143"] });
  });
});

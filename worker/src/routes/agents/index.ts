import {
  AGENT_DEFAULTS,
  AGENT_MESSAGES,
  TEST_CALL_MESSAGES,
  TRANSFER_LINE_MESSAGES,
  TURN_TAKING_MESSAGES,
  agentSchemasIn,
  transfersToOwnLine,
} from "@nikki/core";
import { and, count, desc, eq, inArray, ne } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { audit } from "../../audit";
import { planInEffect } from "../../billing/plan";
import { agents, organizations, phoneNumbers } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { knowledgeBoxesOf, refuseBoxPastLimits, renameKnowledgeBox, writeKnowledgeBox } from "../../knowledge/box";
import { parseBody } from "../../http/parse-body";
import { access, orgCaller } from "../../middleware/access";
import { placeTestCall, testCallLimit } from "../test-calls/index";
import { changesGreeting, renderAgentGreeting } from "../../voice/greeting-cache";
import { mediaPlane } from "../../voice/media-client";
import { type AgentBusiness, agentColumns, secondaryLanguageClash, serializeAgent } from "./resource";
import { regionOf, settingsRowOf } from "../../org/settings";
import { organizationTimeZoneColumn } from "../../org/time-zone";
import { realtimeModels } from "../../voice/realtime-models";

type Ctx = Context<AppEnv>;

/** The organization's agent by id, or 404 (another organization's id included). */
async function agentOf(c: Ctx, id: string) {
  const [agent] = await c.var.db
    .select()
    .from(agents)
    .where(and(eq(agents.id, id), eq(agents.organizationId, orgCaller(c).organizationId)));
  if (!agent) throw new ApiError("not_found", { message: "That agent was not found." });
  return agent;
}

/** The agent's greeting rendered ahead for its next call (voice/greeting-cache.ts), after the answer. */
const renderGreetingAfterSave = (c: Ctx, agentId: string) =>
  c.executionCtx.waitUntil(
    renderAgentGreeting(c.var.services, mediaPlane(c.env.MEDIA, c.var.config.AUTH_SECRET ?? ""), agentId, c.var.log).catch((error: unknown) =>
      c.var.log.warn("greeting_render_failed", { agent_id: agentId, error: error instanceof Error ? error.message : String(error) }),
    ),
  );

/** The caller's organization's name (an agent's default greeting says it). */
/** A second language that is the agent's own is refused under its field. */
function refuseSecondaryClash(input: Parameters<typeof secondaryLanguageClash>[0], current: Parameters<typeof secondaryLanguageClash>[1]) {
  if (secondaryLanguageClash(input, current)) throw new ApiError("validation_failed", { fields: { secondary_language: AGENT_MESSAGES.secondaryLanguage } });
}

/**
 * A newly chosen realtime model the deployment does not offer (its configuration, so not core's schema) is refused under
 * its field. One the deployment stopped offering may stay saved (its calls use the deployment's: realtime-models.ts).
 */
function refuseUnofferedModel(c: Ctx, model: string | null | undefined, current: string | null = null) {
  const { allowed } = realtimeModels(c.var.config);
  if (model && model !== current && !allowed.includes(model))
    throw new ApiError("validation_failed", { fields: { realtime_model: TURN_TAKING_MESSAGES.model(allowed) } });
}

/** Transfer numbers that are one of the numbers this agent answers would ring the same line: refused under the field. */
async function refuseTransferToOwnLine(c: Ctx, agentId: string, escalation: Record<string, unknown> | undefined) {
  if (escalation === undefined) return;
  const lines = ((await numbersOf(c, [agentId])).get(agentId) ?? []).map((number) => number.phone_number);
  const region = regionOf(await settingsRowOf(c.var.db, orgCaller(c).organizationId));
  if (transfersToOwnLine(escalation, lines, region).length > 0)
    throw new ApiError("validation_failed", { fields: { escalation_json: TRANSFER_LINE_MESSAGES.ownLine } });
}

/** The caller's business as an agent's defaults need it: its name (the greeting) and time zone (a new agent's). */
async function businessOf(c: Ctx): Promise<AgentBusiness> {
  const [row] = await c.var.db
    .select({ name: organizations.name, timeZone: organizationTimeZoneColumn(c.var.db, organizations.id) })
    .from(organizations)
    .where(eq(organizations.id, orgCaller(c).organizationId));
  return row ?? { name: "", timeZone: AGENT_DEFAULTS.timezone };
}

/** The agent schemas for the caller's organization: transfer numbers read in its default region. */
const schemasOf = async (c: Ctx) => agentSchemasIn(regionOf(await settingsRowOf(c.var.db, orgCaller(c).organizationId)));

async function numbersOf(c: Ctx, agentIds: string[]) {
  if (agentIds.length === 0) return new Map<string, { id: string; phone_number: string }[]>();
  const rows = await c.var.db
    .select({ id: phoneNumbers.id, phone_number: phoneNumbers.twilioNumber, agentId: phoneNumbers.assignedAgentId })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.organizationId, orgCaller(c).organizationId), inArray(phoneNumbers.assignedAgentId, agentIds)));
  const byAgent = new Map<string, { id: string; phone_number: string }[]>();
  for (const { agentId, ...number } of rows) byAgent.set(agentId!, [...(byAgent.get(agentId!) ?? []), number]);
  return byAgent;
}

/** The agents' knowledge bases (knowledge/box.ts), by agent id. */
const boxesOf = (c: Ctx, agentIds: string[]) => knowledgeBoxesOf(c.var.db, orgCaller(c).organizationId, agentIds);

/** The agent as the API answers it: its numbers and its knowledge base read alongside. */
async function agentResource(c: Ctx, agent: typeof agents.$inferSelect) {
  const [numbers, boxes] = await Promise.all([numbersOf(c, [agent.id]), boxesOf(c, [agent.id])]);
  return serializeAgent(agent, numbers.get(agent.id) ?? [], boxes.get(agent.id) ?? "");
}

/** Refuses one more active agent past the plan's limit (Starter 2, Growth and the trial 5, larger plans none). */
async function checkAgentLimit(c: Ctx, exceptId?: string) {
  const organizationId = orgCaller(c).organizationId;
  const { plan, status } = await planInEffect(c.var.db, organizationId);
  const trial = status !== "subscribed";
  if (plan.agents === null) return;
  const conditions = [eq(agents.organizationId, organizationId), eq(agents.status, "active")];
  if (exceptId) conditions.push(ne(agents.id, exceptId));
  const [row] = await c.var.db
    .select({ active: count() })
    .from(agents)
    .where(and(...conditions));
  if ((row?.active ?? 0) < plan.agents) return;
  const which = trial
    ? `The free trial includes ${plan.agents} active agents (as ${plan.name})`
    : `The ${plan.name} plan includes ${plan.agents} active agents`;
  throw new ApiError("plan_limit", { message: `${which}. Deactivate one, or choose a larger plan in Billing.` });
}

/**
 * `/api/agents`: the organization's agents (spec 001 §3), for owners and admins. Newest first; create 201,
 * delete 204 (refused while a number still rings it); every write audited.
 */
export const agentRoutes = new Hono<AppEnv>()
  .get("/", access("admin"), async (c) => {
    const rows = await c.var.db
      .select()
      .from(agents)
      .where(eq(agents.organizationId, orgCaller(c).organizationId))
      .orderBy(desc(agents.createdAt));
    const ids = rows.map((row) => row.id);
    const [numbers, boxes] = await Promise.all([numbersOf(c, ids), boxesOf(c, ids)]);
    return c.json({ agents: rows.map((row) => serializeAgent(row, numbers.get(row.id) ?? [], boxes.get(row.id) ?? "")) });
  })
  // Before `/:id`: the models an agent may choose, for the wizard's Voice step.
  .get("/realtime-models", access("admin"), (c) => c.json({ realtime_models: realtimeModels(c.var.config) }))
  .post("/", access("admin"), async (c) => {
    const caller = orgCaller(c);
    const input = await parseBody(c, (await schemasOf(c)).create, "a field of an agent");
    refuseSecondaryClash(input, null);
    refuseUnofferedModel(c, input.realtime_model);
    if ((input.status ?? "active") === "active") await checkAgentLimit(c);
    if (input.knowledge_base) await refuseBoxPastLimits(c.var.db, caller.organizationId, null, input.knowledge_base);
    const [row] = await c.var.db
      .insert(agents)
      .values({ ...agentColumns(input, await businessOf(c), null), name: input.name, organizationId: caller.organizationId })
      .returning();
    if (input.knowledge_base)
      await writeKnowledgeBox(c.var.db, { organizationId: caller.organizationId, agentId: row!.id, agentName: row!.name }, input.knowledge_base);
    await audit(c, {
      action: "agent_created",
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      actorEmail: caller.email,
      target: row!.id,
      details: { name: row!.name },
    });
    renderGreetingAfterSave(c, row!.id);
    return c.json({ agent: await agentResource(c, row!) }, 201);
  })
  .get("/:id", access("admin"), async (c) => {
    return c.json({ agent: await agentResource(c, await agentOf(c, c.req.param("id"))) });
  })
  .patch("/:id", access("admin"), async (c) => {
    const caller = orgCaller(c);
    const agent = await agentOf(c, c.req.param("id"));
    const input = await parseBody(c, (await schemasOf(c)).patch, "a field of an agent");
    refuseSecondaryClash(input, agent);
    refuseUnofferedModel(c, input.realtime_model, agent.realtimeModel);
    await refuseTransferToOwnLine(c, agent.id, input.escalation_json);
    if (input.status === "active" && agent.status !== "active") await checkAgentLimit(c, agent.id);
    if (input.knowledge_base) await refuseBoxPastLimits(c.var.db, caller.organizationId, agent.id, input.knowledge_base);
    const columns = agentColumns(input, await businessOf(c), agent);
    const [row] = Object.keys(columns).length ? await c.var.db.update(agents).set(columns).where(eq(agents.id, agent.id)).returning() : [agent];
    const box = { organizationId: caller.organizationId, agentId: agent.id, agentName: row!.name };
    if (row!.name !== agent.name) await renameKnowledgeBox(c.var.db, box, agent.name);
    if (input.knowledge_base !== undefined) await writeKnowledgeBox(c.var.db, box, input.knowledge_base);
    await audit(c, {
      action: "agent_updated",
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      actorEmail: caller.email,
      target: agent.id,
      details: { changed: Object.keys(input), name: row!.name },
    });
    if (changesGreeting(Object.keys(input))) renderGreetingAfterSave(c, agent.id);
    return c.json({ agent: await agentResource(c, row!) });
  })
  .post("/:id/test-call", access("admin"), testCallLimit, async (c) => {
    const agent = await agentOf(c, c.req.param("id"));
    if (agent.status !== "active") throw new ApiError("validation_failed", { message: TEST_CALL_MESSAGES.inactive });
    const [line] = (await numbersOf(c, [agent.id])).get(agent.id) ?? [];
    if (!line) throw new ApiError("validation_failed", { message: TEST_CALL_MESSAGES.noNumber });
    return c.json({ test_call: await placeTestCall(c, { from: line.phone_number, agentId: agent.id }) });
  })
  .delete("/:id", access("admin"), async (c) => {
    const caller = orgCaller(c);
    const agent = await agentOf(c, c.req.param("id"));
    if ((await numbersOf(c, [agent.id])).get(agent.id)?.length) throw new ApiError("conflict", { message: AGENT_MESSAGES.hasNumbers });
    await c.var.db.delete(agents).where(eq(agents.id, agent.id));
    // The name is kept: the activity log names the agent after it is gone.
    await audit(c, {
      action: "agent_deleted",
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      actorEmail: caller.email,
      target: agent.id,
      details: { name: agent.name },
    });
    return c.body(null, 204);
  });

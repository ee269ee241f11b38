import { NUMBER_COUNTRIES, NUMBER_MESSAGES, TEST_CALL_MESSAGES, numberBuySchema, numberPatchSchema, numberSearchSchema } from "@nikki/core";
import { and, desc, eq, inArray } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { audit } from "../../audit";
import { agents, phoneNumbers } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { parseBody } from "../../http/parse-body";
import { access, orgCaller } from "../../middleware/access";
import { DAY_MS, rateLimit, hourly } from "../../middleware/rate-limit";
import { settingsRowOf } from "../../org/settings";
import { TwilioError } from "../../services/twilio/client";
import { placeTestCall, testCallLimit } from "../test-calls/index";
import { serializeNumber, webhooksOf } from "./resource";
import { syncNumbers } from "./sync";

type Ctx = Context<AppEnv>;

/** Numbers cost money every month: an organization buys at most this many a day. */
const PURCHASES_PER_DAY = 10;

/**
 * The Twilio account new numbers are bought on (the organization's own when verified, else the platform's) or,
 * given a number's `twilio_account_sid`, the account holding it; and this deployment's origin for the webhooks.
 */
async function twilioFor(c: Ctx, holder?: { twilioAccountSid: string | null }) {
  const providers = await c.var.services.providersFor(orgCaller(c).organizationId);
  const twilio = holder ? providers.holding(holder.twilioAccountSid).twilio : providers.twilio;
  const origin = c.var.config.publicOrigin;
  if (!twilio || !origin) throw new ApiError("twilio_unavailable", { message: NUMBER_MESSAGES.twilioMissing });
  return { providers: { ...providers, twilio }, twilio, origin };
}

/** Twilio's refusals in the product's words; the route's own errors pass through. */
async function atTwilio<T>(c: Ctx, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    c.var.log.warn("twilio_numbers_failed", { status: error instanceof TwilioError ? error.status : null, error: String(error) });
    if (error instanceof TwilioError && error.status === 400)
      throw new ApiError("validation_failed", { fields: { phone_number: NUMBER_MESSAGES.unavailable } });
    throw new ApiError("twilio_failed");
  }
}

async function numberOf(c: Ctx, id: string) {
  const [row] = await c.var.db
    .select({ number: phoneNumbers, agentName: agents.name })
    .from(phoneNumbers)
    .leftJoin(agents, eq(agents.id, phoneNumbers.assignedAgentId))
    .where(and(eq(phoneNumbers.id, id), eq(phoneNumbers.organizationId, orgCaller(c).organizationId)));
  if (!row) throw new ApiError("not_found", { message: "That phone number was not found." });
  return row;
}

const record = (
  c: Ctx,
  action: "number_bought" | "number_updated" | "number_released" | "numbers_synced",
  target: string | null,
  details?: Record<string, unknown>,
) => {
  const caller = orgCaller(c);
  return audit(c, {
    action,
    organizationId: caller.organizationId,
    actorUserId: caller.userId,
    actorEmail: caller.email,
    target,
    ...(details ? { details } : {}),
  });
};

/**
 * `/api/numbers`: the organization's phone numbers (spec 001 §3), for owners and admins: list with each number's
 * agent, search and buy on the Twilio account in use (webhooks set to this deployment), assign, rename, point the
 * webhooks here, release, and sync from Twilio.
 */
export const numberRoutes = new Hono<AppEnv>()
  .get("/", access("admin"), async (c) => {
    const rows = await c.var.db
      .select({ number: phoneNumbers, agentName: agents.name })
      .from(phoneNumbers)
      .leftJoin(agents, eq(agents.id, phoneNumbers.assignedAgentId))
      .where(eq(phoneNumbers.organizationId, orgCaller(c).organizationId))
      .orderBy(desc(phoneNumbers.createdAt));
    return c.json({ numbers: rows.map((row) => serializeNumber(row.number, row.agentName)) });
  })
  .post("/search", access("admin"), rateLimit([hourly("numberSearch", (c) => `numbers:search:${orgCaller(c).organizationId}`)]), async (c) => {
    const query = await parseBody(c, numberSearchSchema, "a field of a phone number");
    const region = (await settingsRowOf(c.var.db, orgCaller(c).organizationId)).defaultRegion;
    const country = query.country ?? ((NUMBER_COUNTRIES as readonly string[]).includes(region) ? region : "US");
    const { twilio } = await twilioFor(c);
    const [available, price] = await atTwilio(c, () =>
      Promise.all([twilio.searchNumbers({ country, areaCode: query.area_code, contains: query.contains }), twilio.localNumberPrice(country).catch(() => null)]),
    );
    // A number some business here already holds cannot be bought again (a provider that forgot a purchase may list it).
    const found = available.map((number) => number.phone_number);
    const held = found.length
      ? new Set(
          (await c.var.db.select({ number: phoneNumbers.twilioNumber }).from(phoneNumbers).where(inArray(phoneNumbers.twilioNumber, found))).map(
            (row) => row.number,
          ),
        )
      : new Set<string>();
    return c.json({ country, available: available.filter((number) => !held.has(number.phone_number)), monthly_price: price });
  })
  .post(
    "/",
    access("admin"),
    rateLimit([{ key: (c) => `numbers:buy:${orgCaller(c).organizationId}`, limit: PURCHASES_PER_DAY, windowMs: DAY_MS, code: "rate_limited" }]),
    async (c) => {
      const input = await parseBody(c, numberBuySchema, "a field of a phone number");
      const [taken] = await c.var.db.select({ id: phoneNumbers.id }).from(phoneNumbers).where(eq(phoneNumbers.twilioNumber, input.phone_number));
      if (taken) throw new ApiError("conflict", { message: NUMBER_MESSAGES.taken });
      const { twilio, origin, providers } = await twilioFor(c);
      const bought = await atTwilio(c, () =>
        twilio.buyNumber({ phoneNumber: input.phone_number, friendlyName: input.friendly_name, webhooks: webhooksOf(origin) }),
      );
      const [row] = await c.var.db
        .insert(phoneNumbers)
        .values({
          organizationId: orgCaller(c).organizationId,
          twilioNumber: bought.phoneNumber,
          twilioSid: bought.sid,
          twilioAccountSid: providers.source === "organization" ? twilio.accountSid : null,
          friendlyName: bought.friendlyName,
        })
        .returning();
      await record(c, "number_bought", row!.id, { phone_number: bought.phoneNumber });
      return c.json({ number: serializeNumber(row!, null) }, 201);
    },
  )
  .post("/sync", access("admin"), async (c) => {
    const { providers, origin } = await twilioFor(c);
    const result = await atTwilio(c, () => syncNumbers(c.var.db, providers, orgCaller(c).organizationId, origin, c.var.log));
    await record(c, "numbers_synced", null, { ...result });
    return c.json({ sync: result });
  })
  .patch("/:id", access("admin"), async (c) => {
    const { number } = await numberOf(c, c.req.param("id"));
    const input = await parseBody(c, numberPatchSchema, "a field of a phone number");
    const changes: Partial<typeof phoneNumbers.$inferInsert> = {};
    if (input.assigned_agent_id !== undefined) {
      if (input.assigned_agent_id) {
        const [agent] = await c.var.db
          .select({ id: agents.id })
          .from(agents)
          .where(and(eq(agents.id, input.assigned_agent_id), eq(agents.organizationId, orgCaller(c).organizationId)));
        if (!agent) throw new ApiError("validation_failed", { fields: { assigned_agent_id: NUMBER_MESSAGES.agent } });
      }
      changes.assignedAgentId = input.assigned_agent_id;
      changes.status = input.assigned_agent_id ? "active" : "inactive";
    }
    if (input.friendly_name !== undefined) changes.friendlyName = input.friendly_name || null;
    if ((input.friendly_name !== undefined || input.point_webhooks_here) && number.twilioSid) {
      const { twilio, origin } = await twilioFor(c, number);
      await atTwilio(c, () =>
        twilio.updateNumber(number.twilioSid!, {
          ...(input.friendly_name !== undefined ? { friendlyName: input.friendly_name || number.twilioNumber } : {}),
          ...(input.point_webhooks_here ? { webhooks: webhooksOf(origin) } : {}),
        }),
      );
      if (input.point_webhooks_here) changes.webhooks = "here";
    }
    if (Object.keys(changes).length) await c.var.db.update(phoneNumbers).set(changes).where(eq(phoneNumbers.id, number.id));
    await record(c, "number_updated", number.id, { changed: Object.keys(input), phone_number: number.twilioNumber });
    const updated = await numberOf(c, number.id);
    return c.json({ number: serializeNumber(updated.number, updated.agentName) });
  })
  .post("/:id/test-call", access("admin"), testCallLimit, async (c) => {
    const { number } = await numberOf(c, c.req.param("id"));
    if (!number.assignedAgentId) throw new ApiError("validation_failed", { message: TEST_CALL_MESSAGES.noAgent });
    return c.json({ test_call: await placeTestCall(c, { from: number.twilioNumber, agentId: number.assignedAgentId }) });
  })
  .delete("/:id", access("admin"), async (c) => {
    const { number } = await numberOf(c, c.req.param("id"));
    if (number.twilioSid) {
      const { twilio } = await twilioFor(c, number);
      await atTwilio(c, () =>
        twilio.releaseNumber(number.twilioSid!).catch((error: unknown) => {
          // Already gone from the account (released in Twilio's console): released all the same.
          if (!(error instanceof TwilioError && error.status === 404)) throw error;
        }),
      );
    }
    await c.var.db.delete(phoneNumbers).where(eq(phoneNumbers.id, number.id));
    await record(c, "number_released", number.id, { phone_number: number.twilioNumber });
    return c.body(null, 204);
  });

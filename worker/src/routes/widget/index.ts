import { CHAT_MESSAGES, LIMITS, LEAD_MESSAGES, PERSONA_NAME, type WidgetConfig, businessChatGreeting, readableTextOn, widgetLeadSchema } from "@nikki/core";
import { Hono } from "hono";
import { clientIp } from "../../audit";
import { selfOrigin } from "../../middleware/access/request-auth";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { parseBody } from "../../http/parse-body";
import { HOUR_MS } from "../../middleware/rate-limit";
import { widgetCors } from "../../middleware/widget-cors";
import { chatAgent } from "../../org/agents";
import { signAssistantTurn } from "../chat/turn-signature";
import { insertLeadWithinLimit, submitterOf } from "../leads/limited-insert";
import { pushWidgetLead } from "./lead-to-crm";

/**
 * `/api/widget` (the widget key names the organization): what the loader shows, and the chat's contact hand-off.
 * This product's own copy (its greeting, its /contact) shows only on this product's own site, the request's Origin;
 * anywhere else the chat speaks as the business's chat agent and "contact" goes to the business.
 */
export const widgetRoutes = new Hono<AppEnv>()
  .use("/*", widgetCors())
  .get("/config", async (c) => {
    const owner = c.var.widgetOwner!;
    // A browser sends no Origin with a GET from a page of the same origin, and always sends one across origins.
    const origin = c.req.header("origin");
    const ownSite = origin === undefined || origin === selfOrigin(c);
    const agent = await chatAgent(c.var.db, owner.organizationId);
    const agentName = agent?.name || PERSONA_NAME;
    const greeting = ownSite ? CHAT_MESSAGES.greeting(owner.organizationName) : businessChatGreeting(agentName, owner.organizationName);
    const contactUrl = owner.contactUrl ?? (ownSite ? `${selfOrigin(c)}/contact` : null);
    const config: WidgetConfig = {
      organization: { name: owner.organizationName },
      colors: { primary: owner.color, on_primary: readableTextOn(owner.color) },
      widgets: owner.enabledWidgets,
      chat: { agent_name: agentName, greeting, signature: await signAssistantTurn(c.var.config, owner.organizationId, greeting) },
      ...(contactUrl ? { contact_url: contactUrl } : {}),
    };
    return c.json(config);
  })
  .post("/leads", async (c) => {
    const owner = c.var.widgetOwner!;
    const lead = await parseBody(c, widgetLeadSchema, "part of a contact request");
    // Counted with the site's lead form: one address leaves at most LIMITS.leadsPerIpHour leads an hour, anywhere.
    const submitter = await submitterOf(clientIp(c) ?? "unknown", c.var.config.AUTH_SECRET);
    const values = { organizationId: owner.organizationId, source: "chat" as const, name: lead.name, phone: lead.phone, notes: lead.notes || null };
    const row = await insertLeadWithinLimit(c.var.db, { ...values, submitter }, LIMITS.leadsPerIpHour, HOUR_MS);
    if (row.id === null) {
      c.header("retry-after", String(Math.max(1, Math.ceil(row.retryAfterMs / 1000))));
      throw new ApiError("rate_limited", { message: LEAD_MESSAGES.tooMany });
    }
    c.var.log.info("widget_lead_created", { organization_id: owner.organizationId, lead_id: row.id });
    // The visitor does not wait on the business's CRM: the lead is kept, and marked synced once the CRM took it.
    c.executionCtx.waitUntil(pushWidgetLead(c.var.services, c.var.log, row.id, values));
    return c.json({ id: row.id }, 201);
  });

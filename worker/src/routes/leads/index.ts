import { LEAD_INTENT_LABELS, LEAD_MESSAGES, LIMITS, type Lead, type LeadCreated, OPERATOR_LEADS_MESSAGES, validateLead } from "@nikki/core";
import { type Context, Hono } from "hono";
import { clientIp } from "../../audit";
import { HOUR_MS } from "../../middleware/rate-limit";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { readJsonBody } from "../../http/json-body";
import { insertLeadWithinLimit, submitterOf } from "./limited-insert";
import { formLeadValues } from "./values";

/** The path of the page that sent the form, when the client did not say (same origin only). */
function pathFromReferer(referer: string | undefined, requestUrl: string): string | undefined {
  if (!referer) return undefined;
  try {
    const from = new URL(referer);
    return from.origin === new URL(requestUrl).origin ? from.pathname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Each new lead e-mailed to the sales inbox, so "we contact you within 24 hours" can be kept. Only when mail really
 * leaves the system: without a mail provider the lead is not written to the log.
 */
async function tellSalesInbox(c: Context<AppEnv>, lead: Omit<Lead, "source_page"> & { source_page: string | null }) {
  const inbox = c.var.config.SALES_INBOX;
  const mailer = c.var.services.mailer(c.var.log);
  if (!inbox || !mailer.delivers) return;
  const lines = [
    `Name: ${lead.name}`,
    `Phone: ${lead.phone}`,
    lead.email && `E-mail: ${lead.email}`,
    lead.intent && `Looking for: ${LEAD_INTENT_LABELS[lead.intent]}`,
    lead.desired_date_time && `Preferred time: ${lead.desired_date_time}`,
    lead.notes && `Notes: ${lead.notes}`,
    lead.source_page && `From the page: ${lead.source_page}`,
    c.var.config.publicOrigin && `All leads: ${c.var.config.publicOrigin}/dashboard/leads`,
  ].filter(Boolean);
  await mailer
    .send({ to: inbox, subject: OPERATOR_LEADS_MESSAGES.mailSubject(lead.name), text: lines.join("\n") })
    .catch((error: unknown) => c.var.log.warn("sales_inbox_mail_failed", { error: error instanceof Error ? error.message : String(error) }));
}

/**
 * `POST /api/leads`: the lead form (spec 000 §4, §5) → a stored lead, `201 {id}`. At most LIMITS.leadsPerIpHour
 * leads an hour from one address, counted by the insert itself (limited-insert.ts); past it, 429 with Retry-After.
 */
export const leadRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const result = validateLead(await readJsonBody(c));
  if (!result.ok) throw new ApiError("validation_failed", { fields: result.fields });
  const lead = result.lead;
  const sourcePage = lead.source_page ?? pathFromReferer(c.req.header("referer"), c.req.url) ?? null;
  const submitter = await submitterOf(clientIp(c) ?? "unknown", c.var.config.AUTH_SECRET);
  const row = await insertLeadWithinLimit(c.var.db, { ...formLeadValues(lead, sourcePage), submitter }, LIMITS.leadsPerIpHour, HOUR_MS);
  if (row.id === null) {
    c.header("retry-after", String(Math.max(1, Math.ceil(row.retryAfterMs / 1000))));
    throw new ApiError("rate_limited", { message: LEAD_MESSAGES.tooMany });
  }
  c.var.log.info("lead_created", { lead_id: row.id, source_page: sourcePage });
  await tellSalesInbox(c, { ...lead, source_page: sourcePage });
  return c.json<LeadCreated>({ id: row.id }, 201);
});

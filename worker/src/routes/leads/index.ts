import { type LeadCreated, validateLead } from "@nikki/core";
import { Hono } from "hono";
import { leads } from "../../db/schema";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";
import { readJsonBody } from "../../http/json-body";

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

/** `POST /api/leads`: the lead form (spec 000 §4, §5) → a stored lead, `201 {id}`. */
export const leadRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const result = validateLead(await readJsonBody(c));
  if (!result.ok) throw new ApiError("validation_failed", { fields: result.fields });
  const lead = result.lead;
  const sourcePage = lead.source_page ?? pathFromReferer(c.req.header("referer"), c.req.url) ?? null;
  const [row] = await c.var.db
    .insert(leads)
    .values({
      name: lead.name,
      phone: lead.phone,
      email: lead.email ?? null,
      intent: lead.intent ?? null,
      notes: lead.notes ?? null,
      desiredDateTime: lead.desired_date_time ?? null,
      sourcePage,
      source: "form",
    })
    .returning({ id: leads.id });
  if (!row) throw new ApiError("internal_error");
  c.var.log.info("lead_created", { lead_id: row.id, source_page: sourcePage });
  return c.json<LeadCreated>({ id: row.id }, 201);
});

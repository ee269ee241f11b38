/**
 * After a call is analysed: the caller goes to the business's CRM as a lead, with the extracted details its agent's
 * CRM mapping names (`{entity: crm_property}`), unless the call already pushed one through `push_crm_lead`.
 */
import { integrationName, isPiiMarker, normalizeWidgetPhone } from "@nikki/core";
import { and, eq, isNotNull } from "drizzle-orm";
import { type calls, leads, testRunEffects } from "../db/schema";
import type { Logger } from "../logger";
import type { Services } from "../services";
import { recordSuiteEffect } from "../test-suite/effects";

type Call = typeof calls.$inferSelect;

/** The CRM properties a mapping fills from the call's entities (string targets only, non-empty values only). */
export function mappedProperties(crmMapping: string, entities: Record<string, string>): Record<string, string> {
  let mapping: unknown;
  try {
    mapping = JSON.parse(crmMapping);
  } catch {
    return {};
  }
  if (typeof mapping !== "object" || mapping === null) return {};
  const properties: Record<string, string> = {};
  for (const [entity, property] of Object.entries(mapping)) {
    const value = entities[entity]?.trim();
    if (typeof property === "string" && property.trim() && value) properties[property.trim()] = value;
  }
  return properties;
}

export type PushOutcome = "pushed" | "already_pushed" | "no_crm" | "no_phone" | "failed";

/** `again`: push even when the call already pushed a lead (Push to CRM in the call's detail). */
export async function pushCallLead(
  services: Services,
  log: Logger,
  call: Call,
  analysis: { summary: string; entities: Record<string, string> },
  crmMapping: string,
  again = false,
): Promise<PushOutcome> {
  const { db } = services;
  // The CRM first: without one (the common case) there is no push to look for.
  const crm = await (await services.providersFor(call.organizationId)).crm();
  if (!crm) return "no_crm";
  if (!again) {
    const [pushed] = await db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.callId, call.id), isNotNull(leads.crmSyncedAt)));
    if (pushed) return "already_pushed";
  }
  const said = normalizeWidgetPhone(analysis.entities.phone ?? "");
  const phone = said.ok ? said.e164 : call.direction === "outbound" ? call.toNumber : call.fromNumber;
  if (!phone) return "no_phone";
  // A detail stored redacted (a call analysed before contact details were kept as given) is no detail.
  const given = (value: string | undefined) => (value?.trim() && !isPiiMarker(value) ? value.trim() : null);
  const lead = {
    name: given(analysis.entities.name) ?? "Caller",
    phone,
    email: given(analysis.entities.email),
    intent: analysis.entities.intent?.trim() || null,
    notes: analysis.summary,
  };
  if (call.kind === "test") {
    // The call's own push_crm_lead was recorded, not sent: it counts as the push it would have been.
    const [recorded] = await db
      .select({ id: testRunEffects.id })
      .from(testRunEffects)
      .where(and(eq(testRunEffects.callId, call.id), eq(testRunEffects.kind, "crm")));
    if (recorded && !again) return "already_pushed";
    await recordSuiteEffect(db, call.id, "crm", `After the call: would push ${lead.name} (${lead.phone}) to ${integrationName(crm.provider)}.`);
    return "pushed";
  }
  try {
    await crm.push({ ...lead, source: "call", callId: call.id, properties: mappedProperties(crmMapping, analysis.entities) });
    await db.insert(leads).values({ organizationId: call.organizationId, callId: call.id, source: "call", ...lead, crmSyncedAt: new Date() });
    log.info("call_lead_pushed", { provider: crm.provider });
    return "pushed";
  } catch (error) {
    log.warn("crm_push_failed", { provider: crm.provider, error: error instanceof Error ? error.message : String(error) });
    return "failed";
  }
}

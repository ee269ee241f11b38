/**
 * After a call is analysed: the caller goes to the business's CRM as a lead, with the extracted details its agent's
 * CRM mapping names (`{entity: crm_property}`), unless the call already pushed one through `push_crm_lead`.
 */
import { isPiiMarker, normalizeWidgetPhone } from "@nikki/core";
import type { CallEffects, PushOutcome } from "../call-effects/call-effects";
import type { calls } from "../db/schema";
import type { Services } from "../services";

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

/**
 * The caller as a lead in the organization's CRM, with what the call's analysis extracted: the call's effect (pushed,
 * unless it pushed one already; `again`: even then, Push to CRM in the call's detail).
 */
export async function pushCallLead(
  services: Services,
  effects: CallEffects,
  call: Call,
  analysis: { summary: string; entities: Record<string, string> },
  crmMapping: string,
  again = false,
): Promise<PushOutcome> {
  // The CRM first: without one (the common case) there is nothing to push.
  const crm = await (await services.providersFor(call.organizationId)).crm();
  if (!crm) return "no_crm";
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
    properties: mappedProperties(crmMapping, analysis.entities),
  };
  return effects.pushLead({ crm, lead, again });
}

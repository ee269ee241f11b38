/**
 * A call's one lead in the business's lead list (issue 54 §14): a caller who booked is a lead (with the booking, which
 * the lead list reads by the call), one push_crm_lead saved is the same lead with what the caller told, and the CRM
 * push after the call marks it sent rather than adding a second row. Live calls only: a Test Suite call stores none.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { leads } from "../db/schema";
import type { CallerLead, EffectsCall } from "./call-effects";

/**
 * Keeps `lead` as the call's lead and answers its id. `replace`: what the caller just told (push_crm_lead) replaces
 * what was kept; otherwise only what the kept lead lacks is filled in. `crmSyncedAt`: the CRM has it since then.
 */
export async function keepCallLead(
  db: Database,
  call: Pick<EffectsCall, "organizationId" | "callId">,
  lead: CallerLead,
  options: { replace: boolean; crmSyncedAt?: Date },
): Promise<string> {
  const [kept] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.organizationId, call.organizationId), eq(leads.callId, call.callId)))
    .orderBy(asc(leads.createdAt))
    .limit(1);
  const synced = options.crmSyncedAt ? { crmSyncedAt: options.crmSyncedAt } : {};
  if (!kept) {
    const [row] = await db
      .insert(leads)
      .values({ organizationId: call.organizationId, callId: call.callId, source: "call", ...lead, ...synced })
      .returning({ id: leads.id });
    return row!.id;
  }
  const given = (key: "email" | "intent" | "notes") => (options.replace ? (lead[key] ?? kept[key]) : (kept[key] ?? lead[key]));
  await db
    .update(leads)
    .set({
      name: options.replace ? lead.name : kept.name,
      phone: options.replace ? lead.phone : kept.phone,
      email: given("email"),
      intent: given("intent"),
      notes: given("notes"),
      ...synced,
    })
    .where(eq(leads.id, kept.id));
  return kept.id;
}

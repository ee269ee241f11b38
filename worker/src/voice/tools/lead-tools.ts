import { eq } from "drizzle-orm";
import { leads } from "../../db/schema";
import { TEST_SUITE_MESSAGES, integrationName } from "@nikki/core";
import { recordSuiteEffect } from "../../test-suite/effects";
import { CALLER_PROPERTIES, type CallTool, person, text } from "./context";

export const pushCrmLead: CallTool = {
  description: "Save the caller as a lead (or a message taken after hours) in the business's lead list and CRM.",
  parameters: {
    type: "object",
    properties: {
      ...CALLER_PROPERTIES,
      email: { type: "string" },
      intent: { type: "string", description: "What the caller wants, in a few words" },
      notes: { type: "string", description: "Details, including urgency" },
    },
    required: ["name", "phone"],
  },
  async run(args, call, deps) {
    const who = person(args, call, "save the lead");
    if ("ok" in who) return who;
    const details = { email: text(args, "email") || null, intent: text(args, "intent") || null, notes: text(args, "notes") || null };
    if (call.test) {
      const crm = await deps.providers.crm().catch(() => null);
      const detail = crm
        ? `Would push ${who.name} (${who.phone}) to ${integrationName(crm.provider)}.`
        : `${TEST_SUITE_MESSAGES.noCrm}: ${who.name} (${who.phone}) would be saved to your lead list.`;
      await recordSuiteEffect(deps.db, call.callId, "crm", detail);
      return { ok: true, saved_to: crm?.provider ?? "the business's lead list" };
    }
    const [row] = await deps.db
      .insert(leads)
      .values({ organizationId: call.organizationId, callId: call.callId, source: "call", name: who.name, phone: who.phone, ...details })
      .returning({ id: leads.id });
    const crm = await deps.providers.crm().catch((error: unknown) => {
      deps.log.error("crm_unavailable", { organization_id: call.organizationId, error: String(error) });
      return null;
    });
    if (!crm) return { ok: true, lead_id: row?.id, saved_to: "the business's lead list" };
    try {
      await crm.push({ name: who.name, phone: who.phone, ...details, source: "call", callId: call.callId });
      await deps.db.update(leads).set({ crmSyncedAt: new Date() }).where(eq(leads.id, row!.id));
      return { ok: true, lead_id: row?.id, saved_to: crm.provider };
    } catch (error) {
      deps.log.warn("crm_push_failed", { provider: crm.provider, error: error instanceof Error ? error.message : String(error) });
      return { ok: true, lead_id: row?.id, saved_to: "the business's lead list", crm_error: `${crm.provider} did not accept the lead; the team will sync it.` };
    }
  },
};

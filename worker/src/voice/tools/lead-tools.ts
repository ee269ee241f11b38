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
    const saved = await deps.effects.saveLead({
      ...who,
      email: text(args, "email") || null,
      intent: text(args, "intent") || null,
      notes: text(args, "notes") || null,
    });
    return {
      ok: true,
      ...(saved.leadId ? { lead_id: saved.leadId } : {}),
      saved_to: saved.savedTo,
      ...(saved.crmError ? { crm_error: saved.crmError } : {}),
    };
  },
};

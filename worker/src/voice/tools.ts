import { normalizeWidgetPhone } from "@nikki/core";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import type { Config } from "../env";
import { crmFor } from "../services/crm";
import { appointments, leads } from "../db/schema";
import type { Logger } from "../http/logger";
import type { TwilioClient } from "../services/twilio/client";
import { dial, say, twiml } from "./twiml";

/** What a tool needs to know about the call it runs in. */
export interface ToolCall {
  callId: string;
  callSid: string;
  organizationId: string;
  agentId: string;
  businessNumber: string;
  callerNumber: string;
  escalationJson: string;
}

export interface ToolDeps {
  db: Database;
  config: Config;
  twilio: TwilioClient | null;
  log: Logger;
}

/** A tool's answer to the model: always an object it can speak about, never a thrown error. */
export type ToolOutput = { ok: true; [key: string]: unknown } | { ok: false; error: string };

type Args = Record<string, unknown>;
const text = (args: Args, key: string) => (typeof args[key] === "string" ? (args[key] as string).trim() : "");

function parseArgs(raw: string): Args | null {
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Args) : null;
  } catch {
    return null;
  }
}

/** The escalation number from `escalation_json` (`{"phone": "+1…"}` or `{"number": …}`), if any. */
export function escalationNumber(escalationJson: string): string | null {
  const args = parseArgs(escalationJson);
  const raw = args ? text(args, "phone") || text(args, "number") || text(args, "transfer_to") : "";
  if (!raw) return null;
  const phone = normalizeWidgetPhone(raw);
  return phone.ok ? phone.e164 : null;
}

/** The caller's name and phone (the caller's own number when they gave none), or what is missing. */
function person(args: Args, call: ToolCall, purpose: string): { name: string; phone: string } | ToolOutput {
  const name = text(args, "name");
  const phone = text(args, "phone") || call.callerNumber;
  return name && phone ? { name, phone } : { ok: false, error: `I need the caller's name and phone number to ${purpose}.` };
}

export async function runTool(name: string, rawArgs: string, call: ToolCall, deps: ToolDeps): Promise<ToolOutput> {
  const args = parseArgs(rawArgs);
  if (!args) return { ok: false, error: "The tool arguments were not valid JSON." };
  try {
    switch (name) {
      case "book_appointment": {
        const who = person(args, call, "book");
        if ("ok" in who) return who;
        const [row] = await deps.db
          .insert(appointments)
          .values({
            organizationId: call.organizationId,
            callId: call.callId,
            agentId: call.agentId,
            name: who.name,
            phone: who.phone,
            dateTime: text(args, "date_time") || null,
            notes: text(args, "notes") || null,
          })
          .returning({ id: appointments.id });
        return { ok: true, appointment_id: row?.id, confirmed_for: text(args, "date_time") || "to be confirmed" };
      }
      case "push_crm_lead": {
        const who = person(args, call, "save the lead");
        if ("ok" in who) return who;
        const { name, phone } = who;
        const [row] = await deps.db
          .insert(leads)
          .values({
            organizationId: call.organizationId,
            callId: call.callId,
            source: "call",
            name,
            phone,
            email: text(args, "email") || null,
            intent: text(args, "intent") || null,
            notes: text(args, "notes") || null,
          })
          .returning({ id: leads.id });
        const crm = await crmFor(deps.db, deps.config, call.organizationId).catch((error: unknown) => {
          deps.log.error("crm_unavailable", { organization_id: call.organizationId, error: String(error) });
          return null;
        });
        if (!crm) return { ok: true, lead_id: row?.id, saved_to: "the business's lead list" };
        try {
          await crm.push({
            name,
            phone,
            email: text(args, "email") || null,
            intent: text(args, "intent") || null,
            notes: text(args, "notes") || null,
            source: "call",
            callId: call.callId,
          });
          await deps.db.update(leads).set({ crmSyncedAt: new Date() }).where(eq(leads.id, row!.id));
          return { ok: true, lead_id: row?.id, saved_to: crm.provider };
        } catch (error) {
          deps.log.warn("crm_push_failed", { provider: crm.provider, error: error instanceof Error ? error.message : String(error) });
          return { ok: true, lead_id: row?.id, saved_to: "the business's lead list", crm_error: `${crm.provider} did not accept the lead; the team will sync it.` };
        }
      }
      case "send_sms": {
        if (!deps.twilio) return { ok: false, error: "Text messages are not set up for this business." };
        const to = normalizeWidgetPhone(text(args, "to") || call.callerNumber);
        const body = text(args, "body");
        if (!to.ok || !body) return { ok: false, error: "I need a valid phone number and a message to send a text." };
        const sent = await deps.twilio.sendMessage({ from: call.businessNumber, to: to.e164, body: body.slice(0, 480) });
        return { ok: true, message_sid: sent.sid };
      }
      case "transfer_call": {
        const target = escalationNumber(call.escalationJson);
        if (!target) return { ok: false, error: "There is no transfer number set up. Offer to take a message instead." };
        if (!deps.twilio) return { ok: false, error: "Transfers are not available right now. Offer to take a message instead." };
        await deps.twilio.updateCall(call.callSid, {
          twiml: twiml(say("Please hold while I connect you."), dial(target, { callerId: call.businessNumber, timeout: 25 })),
        });
        return { ok: true, transferring_to: "a team member" };
      }
      case "end_call":
        return { ok: true, ending: true };
      default:
        return { ok: false, error: `There is no tool called ${name}.` };
    }
  } catch (error) {
    deps.log.error("tool_failed", { tool: name, call_id: call.callId, error: error instanceof Error ? error.message : String(error) });
    return { ok: false, error: "That did not work just now. Apologise and offer to take a message instead." };
  }
}

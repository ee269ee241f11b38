import type { CallToolName } from "@nikki/core";
import { type CallTool, type ToolCall, type ToolDeps, type ToolOutput, parseArgs } from "./context";
import { transferCall } from "../transfer/tool";
import { endCall, sendSms } from "./call-tools";
import { cancelTool, rescheduleTool } from "./booking-changes";
import { bookTool, checkAvailability } from "./booking-tools";
import { pushCrmLead } from "./lead-tools";
import { lookupKnowledgeTool } from "./knowledge-tool";

export { type ToolCall, type ToolDeps, type ToolOutput } from "./context";

/** Every tool a call's agent may use, by the name the model calls it (core's CALL_TOOL_NAMES, which word each for the owner). */
export const CALL_TOOLS = {
  check_availability: checkAvailability,
  book_appointment: bookTool,
  reschedule_appointment: rescheduleTool,
  cancel_appointment: cancelTool,
  push_crm_lead: pushCrmLead,
  send_sms: sendSms,
  transfer_call: transferCall,
  lookup_knowledge: lookupKnowledgeTool,
  end_call: endCall,
} satisfies Record<CallToolName, CallTool>;

/** Booking is one switch for the business (book_appointment): finding times, moving and canceling come with it. */
const BOOKING_COMPANIONS = ["check_availability", "reschedule_appointment", "cancel_appointment"];
const enabled = (name: string, tools: readonly string[]) =>
  name === "end_call" || tools.includes(name) || (BOOKING_COMPANIONS.includes(name) && tools.includes("book_appointment"));

/** The agent's enabled tools (and end_call) as the Realtime session is told of them. */
export function toolDefinitions(tools: readonly string[]) {
  return Object.entries(CALL_TOOLS)
    .filter(([name]) => enabled(name, tools))
    .map(([name, tool]) => ({
      type: "function" as const,
      name,
      description: tool.description,
      parameters: tool.parameters,
    }));
}

export async function runTool(name: string, rawArgs: string, call: ToolCall, deps: ToolDeps): Promise<ToolOutput> {
  const args = parseArgs(rawArgs);
  if (!args) return { ok: false, error: "The tool arguments were not valid JSON." };
  const tool = Object.hasOwn(CALL_TOOLS, name) ? CALL_TOOLS[name as CallToolName] : undefined;
  if (!tool) return { ok: false, error: `There is no tool called ${name}.` };
  if (!enabled(name, call.tools)) return { ok: false, error: `The ${name} tool is not enabled for this business. Offer to take a message instead.` };
  try {
    return await tool.run(args, call, deps);
  } catch (error) {
    deps.log.error("tool_failed", { tool: name, call_id: call.callId, error: error instanceof Error ? error.message : String(error) });
    return { ok: false, error: "That did not work just now. Apologise and offer to take a message instead." };
  }
}

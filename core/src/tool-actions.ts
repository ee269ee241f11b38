/**
 * What each of a call's tools did, in the owner's words (issue 54 §13): the call detail reads "Looked up free times,
 * 18 ms", never `check_availability`. One entry per tool the model may call (worker/src/voice/tools/index.ts is typed
 * by CALL_TOOL_NAMES, so a new tool without words here fails the typecheck). English, like the dashboard.
 */
export const CALL_TOOL_NAMES = [
  "check_availability",
  "book_appointment",
  "reschedule_appointment",
  "cancel_appointment",
  "push_crm_lead",
  "send_sms",
  "transfer_call",
  "lookup_knowledge",
  "end_call",
] as const;
export type CallToolName = (typeof CALL_TOOL_NAMES)[number];

/** `done`: what the agent did; `tried`: the same, to follow "Could not"; `doing`: while it runs (the live view). */
export const TOOL_ACTIONS = {
  check_availability: { done: "Looked up free times", tried: "look up free times", doing: "Looking up free times" },
  book_appointment: { done: "Booked the appointment", tried: "book the appointment", doing: "Booking the appointment" },
  reschedule_appointment: { done: "Moved the appointment", tried: "move the appointment", doing: "Moving the appointment" },
  cancel_appointment: { done: "Canceled the appointment", tried: "cancel the appointment", doing: "Canceling the appointment" },
  push_crm_lead: { done: "Saved the caller as a lead", tried: "save the caller as a lead", doing: "Saving the caller as a lead" },
  send_sms: { done: "Texted the caller", tried: "text the caller", doing: "Texting the caller" },
  transfer_call: { done: "Transferred the call to your team", tried: "transfer the call to your team", doing: "Transferring the call to your team" },
  lookup_knowledge: { done: "Looked it up in your knowledge", tried: "look it up in your knowledge", doing: "Looking it up in your knowledge" },
  end_call: { done: "Ended the call", tried: "end the call", doing: "Ending the call" },
} as const satisfies Record<CallToolName, { done: string; tried: string; doing: string }>;

const isCallToolName = (name: string): name is CallToolName => Object.hasOwn(TOOL_ACTIONS, name);

/** A tool's run as the owner reads it: "Looked up free times", or "Could not book the appointment" when it failed. */
export function toolAction(name: string, ok: boolean): string {
  if (!isCallToolName(name)) {
    // A tool of an older or newer release than this copy: its name in words, never the identifier.
    const words = name.replace(/_/g, " ").trim();
    return ok ? `Used ${words}` : `Could not use ${words}`;
  }
  const action = TOOL_ACTIONS[name];
  return ok ? action.done : `Could not ${action.tried}`;
}

/** A tool as the live view tells it while it runs: "Looking up free times…". */
export function toolDoing(name: string): string {
  return isCallToolName(name) ? `${TOOL_ACTIONS[name].doing}…` : `Using ${name.replace(/_/g, " ").trim()}…`;
}

/**
 * A tool's result as the live view tells it, with what it answered where that is what the owner wants to see:
 * "Booked Tuesday, December 8 at 9:00 AM · code KQBS2J"; otherwise as the call detail says it (toolAction()).
 */
export function toolOutcome(name: string, output: { ok: boolean; [key: string]: unknown }): string {
  const when = typeof output.booked_for === "string" ? output.booked_for : null;
  const code = typeof output.confirmation_code === "string" ? ` · code ${output.confirmation_code}` : "";
  if (output.ok && when && name === "book_appointment") return `Booked ${when}${code}`;
  if (output.ok && when && name === "reschedule_appointment") return `Moved to ${when}${code}`;
  return toolAction(name, output.ok);
}

import { type TextRefusal, normalizeWidgetPhone } from "@nikki/core";
import { type CallTool, text } from "./context";

/** What Nikki is told when the messaging gate refuses the text, in words it can say to the caller. */
const REFUSED: Record<TextRefusal, string> = {
  opted_out: "That number has opted out of texts from this business, so I can't text it.",
  destination_refused: "This business can't text that number. Offer to take a message instead.",
  rate_limited: "This business can't send more texts right now. Offer to take a message instead.",
  spend_cap: "This business can't send more texts today. Offer to take a message instead.",
};

export const sendSms: CallTool = {
  description: "Send the caller a text message.",
  parameters: {
    type: "object",
    properties: { to: { type: "string", description: "E.164 phone number" }, body: { type: "string", maxLength: 480 } },
    required: ["to", "body"],
  },
  async run(args, call, deps) {
    const to = normalizeWidgetPhone(text(args, "to") || call.callerNumber);
    const body = text(args, "body").slice(0, 480);
    if (!to.ok || !body) return { ok: false, error: "I need a valid phone number and a message to send a text." };
    // The gate holds the destination rules of calls too: a caller cannot talk the model into texting a premium or
    // foreign number.
    const result = await deps.effects.text({ purpose: "call_tool", from: call.businessNumber, to: to.e164, body });
    if (result.status === "sent") return { ok: true, message_sid: result.sid };
    if (result.status === "refused") return { ok: false, error: REFUSED[result.code] };
    if (result.code === "no_sender") return { ok: false, error: "Text messages are not set up for this business." };
    // The provider failed: runTool's answer for a tool that did not work.
    throw new Error(result.message);
  },
};

export const endCall: CallTool = {
  description: "End the call after you have said goodbye.",
  parameters: { type: "object", properties: {}, required: [] },
  async run() {
    return { ok: true, ending: true };
  },
};

import { checkDestination } from "@nikki/core";
import { recordSuiteEffect } from "../../test-suite/effects";
import { type CallTool, text } from "./context";

export const sendSms: CallTool = {
  description: "Send the caller a text message.",
  parameters: {
    type: "object",
    properties: { to: { type: "string", description: "E.164 phone number" }, body: { type: "string", maxLength: 480 } },
    required: ["to", "body"],
  },
  async run(args, call, deps) {
    const { sms } = await deps.providers.forNumber(call.businessNumber);
    if (!sms) return { ok: false, error: "Text messages are not set up for this business." };
    // The destination rules of calls hold for texts too: a caller cannot talk the model into texting a premium
    // or foreign number.
    const to = checkDestination(text(args, "to") || call.callerNumber, call.allowedCountries);
    const body = text(args, "body");
    if (!to.ok || !body) return { ok: false, error: "I need a valid phone number and a message to send a text." };
    if (call.test) {
      // A text to the caller is one the Test Suite checks the language of (language-verdict.ts).
      const toCaller = to.e164 === call.callerNumber ? { body: body.slice(0, 480) } : undefined;
      await recordSuiteEffect(deps.db, call.callId, "sms", `Would text ${to.e164}: "${body.slice(0, 160)}"`, toCaller);
      return { ok: true };
    }
    const result = await sms.send({ organizationId: call.organizationId, from: call.businessNumber, to: to.e164, body: body.slice(0, 480) });
    if (!result.sent) return { ok: false, error: "That number has opted out of texts from this business, so I can't text it." };
    return { ok: true, message_sid: result.sid };
  },
};

export const endCall: CallTool = {
  description: "End the call after you have said goodbye.",
  parameters: { type: "object", properties: {}, required: [] },
  async run() {
    return { ok: true, ending: true };
  },
};

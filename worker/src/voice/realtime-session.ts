/**
 * The OpenAI Realtime session for a phone call (GA `session.update`): μ-law in and out at 8 kHz, so Twilio's
 * audio passes through untouched; server voice activity detection; caller transcription; the agent's tools.
 */
/** Who the caller is: what both booking and saving a lead need. */
const CALLER = {
  name: { type: "string", description: "The caller's full name" },
  phone: { type: "string", description: "The caller's phone number" },
} as const;

export const CALL_TOOLS = [
  {
    type: "function",
    name: "book_appointment",
    description: "Book an appointment for the caller once you have their name, phone number and the day and time they want.",
    parameters: {
      type: "object",
      properties: {
        ...CALLER,
        date_time: { type: "string", description: "The appointment's date and time, ISO 8601 in the business's time zone" },
        notes: { type: "string", description: "What the appointment is for" },
      },
      required: ["name", "phone"],
    },
  },
  {
    type: "function",
    name: "push_crm_lead",
    description: "Save the caller as a lead (or a message taken after hours) in the business's lead list and CRM.",
    parameters: {
      type: "object",
      properties: {
        ...CALLER,
        email: { type: "string" },
        intent: { type: "string", description: "What the caller wants, in a few words" },
        notes: { type: "string", description: "Details, including urgency" },
      },
      required: ["name", "phone"],
    },
  },
  {
    type: "function",
    name: "send_sms",
    description: "Send the caller a text message.",
    parameters: {
      type: "object",
      properties: { to: { type: "string", description: "E.164 phone number" }, body: { type: "string", maxLength: 480 } },
      required: ["to", "body"],
    },
  },
  {
    type: "function",
    name: "transfer_call",
    description: "Transfer the caller to a person at the business.",
    parameters: { type: "object", properties: { reason: { type: "string" } }, required: [] },
  },
  {
    type: "function",
    name: "end_call",
    description: "End the call after you have said goodbye.",
    parameters: { type: "object", properties: {}, required: [] },
  },
] as const;

export type CallToolName = (typeof CALL_TOOLS)[number]["name"];

export function sessionUpdate(input: { model: string; instructions: string; voice: string }) {
  return {
    type: "session.update",
    session: {
      type: "realtime",
      model: input.model,
      instructions: input.instructions,
      output_modalities: ["audio"],
      audio: {
        input: {
          format: { type: "audio/pcmu" },
          turn_detection: { type: "server_vad", silence_duration_ms: 500, create_response: true, interrupt_response: true },
          transcription: { model: "gpt-4o-mini-transcribe" },
        },
        output: { format: { type: "audio/pcmu" }, voice: input.voice },
      },
      tools: CALL_TOOLS,
      tool_choice: "auto",
    },
  };
}

/** The Realtime websocket URL from the API base (`https://api.openai.com/v1` → `…/v1/realtime?model=…`), fetched with Upgrade. */
export function realtimeUrl(baseUrl: string, model: string): string {
  return `${baseUrl.replace(/\/$/, "")}/realtime?model=${encodeURIComponent(model)}`;
}

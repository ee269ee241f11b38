import type { NumberResource } from "@nikki/core";
import type { phoneNumbers } from "../../db/schema";
import type { NumberWebhooks } from "../../services/twilio/client";

/** The one serializer of a phone number, with the name of the agent that answers it. */
export function serializeNumber(row: typeof phoneNumbers.$inferSelect, agentName: string | null): NumberResource {
  return {
    id: row.id,
    phone_number: row.twilioNumber,
    friendly_name: row.friendlyName,
    twilio_sid: row.twilioSid,
    assigned_agent_id: row.assignedAgentId,
    agent_name: row.assignedAgentId ? agentName : null,
    status: row.status,
    webhooks: row.webhooks,
    created_at: row.createdAt.toISOString(),
  };
}

/** Where Twilio must send a number's calls, texts and call status: this deployment's signed webhooks. */
export function webhooksOf(origin: string): NumberWebhooks {
  return {
    voiceUrl: `${origin}/twilio/voice/inbound`,
    smsUrl: `${origin}/twilio/messaging/inbound`,
    statusCallback: `${origin}/twilio/voice/status`,
  };
}

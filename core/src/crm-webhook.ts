/**
 * What Voice Operations' CRM webhook receives (JSON, POST): after each processed call, and once as a health check.
 * Any 2xx is success; the rest is reported with its status.
 */
export interface CrmWebhookPayload {
  event: "call.processed" | "health_check";
  summary: string;
  intent: string | null;
  sentiment: string | null;
  entities: Record<string, string>;
  call: { id: string; from_number: string | null; to_number: string | null; duration_seconds: number | null; created_at: string } | null;
}

export const CRM_WEBHOOK_HEALTH_CHECK: CrmWebhookPayload = {
  event: "health_check",
  summary: "Nikki AI health check: no call took place.",
  intent: "health_check",
  sentiment: null,
  entities: {},
  call: null,
};

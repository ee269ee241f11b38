/**
 * The CRM an organization pushes leads to (spec 001 §3 Integrations): HubSpot (private app token),
 * GoHighLevel (API key) or a Zapier webhook, first configured in that order. Credentials are decrypted here
 * and nowhere else. Base URLs come from configuration, so tests point the live code at a local simulator.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { integrations } from "../../db/schema";
import type { Config } from "../../env";
import { decryptSecret, secretsKey } from "../secrets";

export interface CrmLead {
  name: string;
  phone: string;
  email?: string | null;
  intent?: string | null;
  notes?: string | null;
  source: string;
  callId?: string | null;
}

export interface CrmClient {
  provider: "hubspot" | "gohighlevel" | "zapier";
  push(lead: CrmLead): Promise<void>;
}

const CRM_ORDER = ["hubspot", "gohighlevel", "zapier"] as const;

function splitName(name: string) {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { first: first ?? "", last: rest.join(" ") };
}

async function send(url: string, init: RequestInit, provider: string) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${provider} answered ${response.status}`);
}

export function crmClient(provider: CrmClient["provider"], credentials: Record<string, string>, config: Config): CrmClient {
  const json = { "content-type": "application/json" };
  switch (provider) {
    case "hubspot":
      return {
        provider,
        async push(lead) {
          const { first, last } = splitName(lead.name);
          await send(
            `${config.HUBSPOT_API_BASE}/crm/v3/objects/contacts`,
            {
              method: "POST",
              headers: { ...json, authorization: `Bearer ${credentials.private_app_token ?? ""}` },
              body: JSON.stringify({
                properties: { firstname: first, lastname: last, phone: lead.phone, ...(lead.email ? { email: lead.email } : {}), hs_lead_status: "NEW" },
              }),
            },
            provider,
          );
        },
      };
    case "gohighlevel":
      return {
        provider,
        async push(lead) {
          const { first, last } = splitName(lead.name);
          await send(
            `${config.GOHIGHLEVEL_API_BASE}/v1/contacts/`,
            {
              method: "POST",
              headers: { ...json, authorization: `Bearer ${credentials.api_key ?? ""}` },
              body: JSON.stringify({
                firstName: first,
                lastName: last,
                phone: lead.phone,
                ...(lead.email ? { email: lead.email } : {}),
                source: `Nikki AI (${lead.source})`,
                tags: lead.intent ? [lead.intent] : [],
              }),
            },
            provider,
          );
        },
      };
    case "zapier":
      return {
        provider,
        async push(lead) {
          await send(credentials.webhook_url ?? "", { method: "POST", headers: json, body: JSON.stringify({ event: "lead.created", lead }) }, provider);
        },
      };
  }
}

/** The organization's CRM, or null when none is configured (leads then stay in Nikki's own lead list). */
export async function crmFor(db: Database, config: Config, organizationId: string): Promise<CrmClient | null> {
  const rows = await db
    .select({ provider: integrations.provider, credentials: integrations.credentialsEncrypted })
    .from(integrations)
    .where(and(eq(integrations.organizationId, organizationId), inArray(integrations.provider, [...CRM_ORDER])));
  const chosen = CRM_ORDER.map((provider) => rows.find((row) => row.provider === provider)).find(Boolean);
  if (!chosen) return null;
  const key = await secretsKey(config);
  if (!key) throw new Error("Credentials cannot be decrypted: ENCRYPTION_KEY or AUTH_SECRET is not set");
  const credentials = JSON.parse(await decryptSecret(key, chosen.credentials)) as Record<string, string>;
  return crmClient(chosen.provider as CrmClient["provider"], credentials, config);
}

/**
 * The CRM an organization pushes leads to (spec 001 §3 Integrations): HubSpot (private app token),
 * GoHighLevel (API v2: private integration token and location) or a Zapier catch hook, first configured in that
 * order. Base URLs come from configuration, so tests point the live code at a local simulator.
 */
import { ZAPIER_HOOK_PREFIX, isZapierCatchHook } from "@nikki/core";
import type { Database } from "../../db/client";
import type { Config } from "../../env";
import { type IntegrationRow, openIntegration } from "../integrations/store";
import { outboundFetch } from "../outbound-fetch";

export interface CrmLead {
  name: string;
  phone: string;
  email?: string | null;
  intent?: string | null;
  notes?: string | null;
  source: string;
  callId?: string | null;
  /** CRM properties filled through the agent's CRM mapping. */
  properties?: Record<string, string>;
}

export interface CrmClient {
  provider: "hubspot" | "gohighlevel" | "zapier";
  push(lead: CrmLead): Promise<void>;
}

const CRM_ORDER = ["hubspot", "gohighlevel", "zapier"] as const;

/** GoHighLevel's API v2 refuses requests without this version header. */
export const GOHIGHLEVEL_VERSION = "2021-07-28";

/**
 * A stored hooks.zapier.com catch hook, sent to the configured Zapier base (the simulator, in tests). Checked again
 * here, as every business URL is before a fetch: a value stored before the rule may climb out of /hooks/catch/.
 */
export function zapierHookUrl(stored: string, config: Config): string {
  if (!isZapierCatchHook(stored)) throw new Error("Not a Zapier catch hook: enter the hook's URL again in Integrations.");
  return `${config.ZAPIER_HOOKS_BASE}/hooks/catch/${stored.slice(ZAPIER_HOOK_PREFIX.length)}`;
}

function splitName(name: string) {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { first: first ?? "", last: rest.join(" ") };
}

async function send(url: string, init: RequestInit, provider: string) {
  const response = await outboundFetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
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
                properties: {
                  ...lead.properties,
                  firstname: first,
                  lastname: last,
                  phone: lead.phone,
                  ...(lead.email ? { email: lead.email } : {}),
                  hs_lead_status: "NEW",
                },
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
            `${config.GOHIGHLEVEL_API_BASE}/contacts/`,
            {
              method: "POST",
              headers: { ...json, authorization: `Bearer ${credentials.api_key ?? ""}`, version: GOHIGHLEVEL_VERSION },
              body: JSON.stringify({
                locationId: credentials.location_id,
                firstName: first,
                lastName: last,
                phone: lead.phone,
                ...(lead.email ? { email: lead.email } : {}),
                source: `Nikki AI (${lead.source})`,
                tags: lead.intent ? [lead.intent] : [],
                ...(lead.properties && Object.keys(lead.properties).length
                  ? { customFields: Object.entries(lead.properties).map(([key, field_value]) => ({ key, field_value })) }
                  : {}),
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
          await send(
            zapierHookUrl(credentials.webhook_url ?? "", config),
            { method: "POST", headers: json, body: JSON.stringify({ event: "lead.created", lead }) },
            provider,
          );
        },
      };
  }
}

/** Whether the organization has a CRM among its integration rows (Leads says "No CRM connected" otherwise). */
export const hasCrm = (rows: IntegrationRow[]): boolean => rows.some((row) => (CRM_ORDER as readonly string[]).includes(row.provider));

/** The organization's CRM among its integration rows, or null when none is configured (leads then stay in Nikki's own lead list). */
export async function crmFor(db: Database, config: Config, rows: IntegrationRow[]): Promise<CrmClient | null> {
  const chosen = CRM_ORDER.map((provider) => rows.find((row) => row.provider === provider)).find((row) => row !== undefined);
  if (!chosen) return null;
  const { credentials } = await openIntegration(db, config, chosen);
  return crmClient(chosen.provider as CrmClient["provider"], credentials, config);
}

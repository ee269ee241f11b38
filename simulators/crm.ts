/**
 * The CRM half of the integrations simulator, in each provider's wire format: HubSpot's CRM v3 contacts (bearer
 * private app token), GoHighLevel's API v2 contacts (bearer private integration token, `Version` header, the
 * location in the query or body) and Zapier catch hooks (known hooks only).
 */
import { randomBytes } from "node:crypto";
import { SIMULATED_BUSINESS_CREDENTIALS } from "./credentials";

export interface SimulatorAnswer {
  status: number;
  body: unknown;
  contentType?: string;
}

const { hubspot, gohighlevel, zapier } = SIMULATED_BUSINESS_CREDENTIALS;
const ZAPIER_HOOK_PATH = new URL(zapier.webhook_url).pathname;

const json = (status: number, body: unknown): SimulatorAnswer => ({ status, body });
const parsed = (text: string) => (text ? (JSON.parse(text) as Record<string, unknown>) : {});

export function handleCrm(method: string, url: URL, authorization: string | null, version: string | null, text: string): SimulatorAnswer | null {
  const id = randomBytes(6).toString("hex");
  if (url.pathname === "/crm/v3/objects/contacts") {
    if (authorization !== `Bearer ${hubspot.private_app_token}`) {
      return json(401, {
        status: "error",
        message: "Authentication credentials not found. This API supports OAuth 2.0 authentication.",
        category: "INVALID_AUTHENTICATION",
      });
    }
    if (method === "GET") return json(200, { results: [], paging: undefined });
    return json(201, { id, properties: parsed(text).properties, createdAt: new Date().toISOString(), archived: false });
  }
  if (url.pathname === "/contacts/") {
    if (authorization !== `Bearer ${gohighlevel.api_key}`) return json(401, { statusCode: 401, message: "Invalid JWT" });
    if (!version) return json(400, { statusCode: 400, message: "version header was not found" });
    const location = method === "GET" ? url.searchParams.get("locationId") : parsed(text).locationId;
    if (location !== gohighlevel.location_id) return json(403, { statusCode: 403, message: "The token does not have access to this location." });
    if (method === "GET") return json(200, { contacts: [], meta: { total: 0, currentPage: 1, nextPage: null, prevPage: null } });
    return json(201, { contact: { id, ...parsed(text) } });
  }
  if (url.pathname.startsWith("/hooks/catch/")) {
    if (method !== "POST" || url.pathname !== ZAPIER_HOOK_PATH) return json(404, { status: "error", message: "Not found" });
    return json(200, { id, request_id: id, attempt: id, status: "success" });
  }
  return null;
}

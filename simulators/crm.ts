/**
 * A CRM simulator: HubSpot's contacts API (bearer private app token), GoHighLevel's v1 contacts API (bearer
 * API key) and a Zapier catch hook, answering their shapes and recording every request (GET /__requests).
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { listenLocal, readText, sendJson } from "./http";

export interface CrmRequest {
  path: string;
  authorization: string | null;
  body: unknown;
}

export const CRM_TOKENS = { hubspot: "pat-na1-simulated", gohighlevel: "ghl-simulated-key" } as const;

export async function startCrmSimulator(port: number): Promise<{ baseUrl: string; requests: CrmRequest[]; close(): Promise<void> }> {
  const requests: CrmRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    const json = (status: number, body: unknown) => sendJson(response, status, body);
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname === "/__requests") return json(200, requests);
    const text = await readText(request);
    const authorization = request.headers.authorization ?? null;
    requests.push({ path: url.pathname, authorization, body: text ? (JSON.parse(text) as unknown) : null });
    const id = randomBytes(6).toString("hex");
    if (url.pathname === "/crm/v3/objects/contacts") {
      if (authorization !== `Bearer ${CRM_TOKENS.hubspot}`)
        return json(401, { status: "error", message: "Authentication credentials not found.", category: "INVALID_AUTHENTICATION" });
      return json(201, { id, properties: (JSON.parse(text) as { properties: unknown }).properties, createdAt: new Date().toISOString() });
    }
    if (url.pathname === "/v1/contacts/") {
      if (authorization !== `Bearer ${CRM_TOKENS.gohighlevel}`) return json(401, { msg: "Api key is invalid." });
      return json(200, { contact: { id, ...(JSON.parse(text) as object) } });
    }
    if (url.pathname.startsWith("/hooks/catch/")) return json(200, { id, request_id: id, attempt: id, status: "success" });
    json(404, { message: "Not found" });
  });
  const close = await listenLocal(server, port);
  return { baseUrl: `http://127.0.0.1:${port}`, requests, close };
}

/**
 * The integrations simulator: the CRMs (crm.ts), ElevenLabs (elevenlabs.ts) and a Resend-compatible mail API
 * (`POST /emails`, bearer key) on one local port, recording every request (GET /__requests); `/__redirect?to=` answers
 * a 302 to anywhere, as a hostile endpoint would. It also answers DNS-over-HTTPS at `/dns-query` (doh.ts), not recorded
 * with the rest: the worker resolves a business's host there before fetching it.
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import { handleCrm } from "./crm";
import { dohSimulator } from "./doh";
import { handleElevenLabs } from "./elevenlabs";
import { listenLocal, readText, sendJson } from "./http";

export interface IntegrationRequest {
  method: string;
  path: string;
  query: string;
  authorization: string | null;
  body: unknown;
}

export interface IntegrationsSimulator {
  baseUrl: string;
  requests: IntegrationRequest[];
  close(): Promise<void>;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null));

export interface SimulatedMail {
  to: string[];
  subject: string;
  text: string;
}

/** `onMail` sees each e-mail accepted (npm start prints them, so sign-in links still reach the developer). */
export async function startIntegrationsSimulator(port: number, onMail?: (mail: SimulatedMail) => void): Promise<IntegrationsSimulator> {
  const requests: IntegrationRequest[] = [];
  const doh = dohSimulator();
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname === "/__requests") return sendJson(response, 200, requests);
    const method = request.method ?? "GET";
    const text = await readText(request);
    const dns = doh.handle(method, url, header(request.headers.accept), text);
    if (dns) {
      response.writeHead(dns.status, { "content-type": dns.contentType });
      return void response.end(JSON.stringify(dns.body));
    }
    const authorization = header(request.headers.authorization);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {}
    requests.push({ method, path: url.pathname, query: url.search, authorization: authorization ?? header(request.headers["xi-api-key"]), body });
    // Test infrastructure: a redirect to anywhere, as a hostile endpoint would answer (the worker must not follow it).
    if (url.pathname === "/__redirect") {
      response.writeHead(302, { location: url.searchParams.get("to") ?? "/__escaped-redirect" });
      return void response.end();
    }
    if (method === "POST" && url.pathname === "/emails") {
      if (!authorization?.startsWith("Bearer re_"))
        return sendJson(response, 401, { statusCode: 401, name: "validation_error", message: "API key is invalid" });
      onMail?.(body as SimulatedMail);
      return sendJson(response, 200, { id: randomUUID() });
    }
    const answer =
      handleCrm(method, url, authorization, header(request.headers.version), text) ??
      handleElevenLabs(method, url, header(request.headers["xi-api-key"]), text);
    if (!answer) return sendJson(response, 404, { message: "Not found" });
    if (answer.contentType) {
      response.writeHead(answer.status, { "content-type": answer.contentType });
      return void response.end(answer.body as Buffer);
    }
    sendJson(response, answer.status, answer.body);
  });
  const close = await listenLocal(server, port);
  return { baseUrl: `http://127.0.0.1:${port}`, requests, close };
}

import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** Answers a simulator request with a JSON body. */
export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function readText(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text;
}

/** Listens on loopback only, and answers how to close it. */
export async function listenLocal(server: Server, port: number): Promise<() => Promise<void>> {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return () => new Promise((resolve) => server.close(() => resolve()));
}

/**
 * A loopback server that records every request it is sent and answers each with the next scripted answer (else the
 * default): what the provider oracle tests send the official SDK and the worker's own client to, to compare the two.
 */
import { type IncomingHttpHeaders, createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface Captured {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Scripted {
  status: number;
  headers?: Record<string, string>;
  body: string | Uint8Array;
}

export async function startCaptureServer(answer: (request: Captured) => Scripted) {
  const captured: Captured[] = [];
  const queue: Scripted[] = [];
  const server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const seen: Captured = { method: request.method ?? "", url: request.url ?? "", headers: request.headers, body };
    captured.push(seen);
    const reply = queue.shift() ?? answer(seen);
    response.writeHead(reply.status, { "content-type": "application/json", ...reply.headers }).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const take = () => captured.splice(0);
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** The requests received since the last `take`, in order; taking them clears the record. */
    take,
    /** Answers the next requests with these, in order, before the default answer again. */
    script: (...replies: Scripted[]) => void queue.push(...replies),
    /**
     * What each of several ways of making the same call sent (the SDK's, the worker's), one after the other, each first
     * met by `replies`.
     */
    async sentByEach(calls: (() => Promise<unknown>)[], ...replies: Scripted[]): Promise<Captured[][]> {
      const sent: Captured[][] = [];
      for (const call of calls) {
        queue.push(...replies);
        await call();
        sent.push(take());
      }
      return sent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

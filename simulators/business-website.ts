import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import { listenLocal } from "./http";

/**
 * A business's website on loopback, for the website import (issue 39 §2): its pages by path, each answered as a real
 * site would (a status, headers, a body, after a delay), so the worker's import meets sitemaps, robots.txt, redirects,
 * slow and oversized pages over real HTTP. `POST /__edition` (test-only control) bumps the site's edition: pages whose
 * body depends on it change, as a site does between two imports. `GET /__requests` lists the paths asked so far.
 */

export interface WebsiteContext {
  /** `http://127.0.0.1:PORT`, this site's origin. */
  origin: string;
  edition: number;
}

export interface WebsitePage {
  status?: number;
  headers?: Record<string, string>;
  /** HTML unless `headers` says otherwise. */
  body?: string | ((site: WebsiteContext) => string);
  /** Answered after this many milliseconds. */
  delayMs?: number;
}

export type WebsitePages = Record<string, WebsitePage>;

export interface RunningWebsite {
  origin: string;
  close(): Promise<void>;
}

export async function startBusinessWebsite(port: number, pages: WebsitePages): Promise<RunningWebsite> {
  const origin = `http://127.0.0.1:${port}`;
  let edition = 1;
  const requests: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? "/";
    if (request.method === "POST" && path === "/__edition") {
      edition += 1;
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ edition }));
      return;
    }
    if (path === "/__requests") {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ requests }));
      return;
    }
    requests.push(path);
    const page = pages[path];
    const answer = () => {
      if (response.destroyed) return;
      if (!page) {
        response.writeHead(404, { "content-type": "text/html; charset=utf-8" }).end("<h1>Not found</h1>");
        return;
      }
      const body = typeof page.body === "function" ? page.body({ origin, edition }) : (page.body ?? "");
      response.writeHead(page.status ?? 200, { "content-type": "text/html; charset=utf-8", ...page.headers }).end(body);
    };
    if (page?.delayMs) setTimeout(answer, page.delayMs);
    else answer();
  });
  const close = await listenLocal(server, port);
  return {
    origin,
    close: () => {
      server.closeAllConnections();
      return close();
    },
  };
}

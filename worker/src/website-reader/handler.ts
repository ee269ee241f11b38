/**
 * The website reader's HTTP surface: the control plane's requests only, each signed (call/plane-auth.ts): look at a
 * site for its pages (`/website-reader/discover`, JSON), and read a site for an import (`/website-reader/read`, NDJSON,
 * one ReadEvent a line, as each is known).
 */
import { IMPORT_MESSAGES } from "@nikki/core";
import { verifiedPlaneBody } from "../call/plane-auth";
import { type LogLevel, createLogger } from "../logger";
import type { DiscoverAnswer, DiscoverRequest, ReadEvent, ReadRequest } from "../rpc/website-reader";
import { findPages, openSite } from "./discover";
import { type WebsiteReaderBindings, readerConfig } from "./env";
import { readSite } from "./read-site";

const refusal = (status: number, code: string, message: string) => Response.json({ error: { code, message } }, { status });

const isLimits = (value: unknown): value is ReadRequest["limits"] => {
  const limits = value as Partial<ReadRequest["limits"]> | null;
  return typeof limits === "object" && limits !== null && [limits.pages, limits.totalBytes, limits.pageTimeoutMs].every((n) => typeof n === "number" && n >= 0);
};
const isDiscover = (body: Partial<DiscoverRequest>): body is DiscoverRequest => typeof body.url === "string" && isLimits(body.limits);
const isRead = (body: Partial<ReadRequest>): body is ReadRequest =>
  isDiscover(body as Partial<DiscoverRequest>) &&
  (body.pages === null || (Array.isArray(body.pages) && body.pages.every((page) => typeof page === "string"))) &&
  Number.isInteger(body.from) &&
  typeof body.bytesLeft === "number";

async function discover(body: DiscoverRequest, env: WebsiteReaderBindings): Promise<DiscoverAnswer> {
  const config = readerConfig(env);
  const site = await openSite(config, body.url, body.limits);
  if ("error" in site) return site;
  const found = await findPages(config, site, body.limits);
  if ("error" in found) return found;
  return { discovery: { url: site.start, ...found } };
}

/** The read's events as NDJSON; a read that throws ends without its `end` line, which the control plane takes as a stop. */
function readStream(body: ReadRequest, env: WebsiteReaderBindings): ReadableStream<Uint8Array> {
  const events = readSite(readerConfig(env), body);
  const encoder = new TextEncoder();
  const log = createLogger({ component: "website_reader" }, (env.LOG_LEVEL ?? "info") as LogLevel);
  // The control plane stops reading when the knowledge is full: the page being read meanwhile is dropped.
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await events.next();
        if (cancelled) return;
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(`${JSON.stringify(next.value satisfies ReadEvent)}\n`));
      } catch (error) {
        if (cancelled) return;
        log.error("website_read_failed", { url: body.url, error: error instanceof Error ? error.message : String(error) });
        controller.close();
      }
    },
    async cancel() {
      cancelled = true;
      await events.return(undefined);
    },
  });
}

export async function handleWebsiteReader(request: Request, env: WebsiteReaderBindings): Promise<Response> {
  const { pathname } = new URL(request.url);
  // What `npm start` waits for before it starts the control plane.
  if (pathname === "/website-reader/health" && request.method === "GET") return new Response("ok");
  if (pathname !== "/website-reader/discover" && pathname !== "/website-reader/read") return refusal(404, "not_found", "Not found.");
  const body = await verifiedPlaneBody<Partial<ReadRequest>>(env.AUTH_SECRET, request);
  if (!body) return refusal(403, "forbidden", "You don't have permission to do that.");
  if (pathname === "/website-reader/discover") {
    if (!isDiscover(body as Partial<DiscoverRequest>)) return refusal(400, "validation_failed", IMPORT_MESSAGES.stopped);
    return Response.json(await discover(body as DiscoverRequest, env));
  }
  if (!isRead(body)) return refusal(400, "validation_failed", IMPORT_MESSAGES.stopped);
  return new Response(readStream(body, env), { headers: { "content-type": "application/x-ndjson" } });
}

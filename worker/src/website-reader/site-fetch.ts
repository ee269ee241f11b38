/**
 * One request to a business's website during an import: through the URL guard first (fetchBusinessUrl: guarded
 * again, no redirect followed), within a time limit that covers the body too, and reading no more bytes than the
 * import has left. Every outcome is an answer in the product's words, never an exception.
 */
import { IMPORT_USER_AGENT, PAGE_FAILURES } from "@nikki/core";
import type { ReaderConfig } from "./env";
import { BusinessUrlRefused, fetchBusinessUrl } from "../services/business-urls";

export type SiteAnswer =
  | { ok: true; text: string; bytes: number; contentType: string }
  /** `status`: the HTTP status when the site answered; `location`: where a redirect pointed (absolute). */
  | { ok: false; reason: string; status?: number; location?: string; bytes: number };

export interface SiteFetchLimits {
  timeoutMs: number;
  /** Bytes this response may have at most (what the import has left). */
  maxBytes: number;
  /** Refuse anything but HTML (a page; not a sitemap or robots.txt). */
  html: boolean;
}

const isHtml = (contentType: string) => /^\s*(?:text\/html|application\/xhtml\+xml)\b/i.test(contentType);

function decoderFor(contentType: string): TextDecoder {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

/** The body, or null once it is over `maxBytes` (the rest is not read). */
async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<{ chunks: Uint8Array[]; bytes: number } | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { chunks, bytes };
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
}

function absoluteLocation(location: string | null, url: string): string {
  if (!location) return "another address";
  try {
    return new URL(location, url).href;
  } catch {
    return location;
  }
}

export async function fetchSite(config: ReaderConfig, url: string, limits: SiteFetchLimits, totalBytesLimit: number): Promise<SiteAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    const response = await fetchBusinessUrl(config, url, "https", {
      signal: controller.signal,
      headers: { "user-agent": IMPORT_USER_AGENT, accept: limits.html ? "text/html,application/xhtml+xml" : "*/*" },
    });
    const fail = (reason: string, extra: { location?: string } = {}): SiteAnswer => {
      void response.body?.cancel().catch(() => {});
      return { ok: false, reason, status: response.status, bytes: 0, ...extra };
    };
    if (response.status >= 300 && response.status < 400) {
      const location = absoluteLocation(response.headers.get("location"), url);
      return fail(PAGE_FAILURES.redirected(location), { location });
    }
    if (!response.ok) return fail(PAGE_FAILURES.http(response.status));
    const contentType = response.headers.get("content-type") ?? "";
    if (limits.html && !isHtml(contentType)) return fail(PAGE_FAILURES.notHtml);
    if (Number(response.headers.get("content-length") ?? 0) > limits.maxBytes) return fail(PAGE_FAILURES.tooLarge(totalBytesLimit));
    const body = response.body ? await readCapped(response.body, limits.maxBytes) : { chunks: [], bytes: 0 };
    if (!body) return { ok: false, reason: PAGE_FAILURES.tooLarge(totalBytesLimit), status: response.status, bytes: limits.maxBytes };
    const decoder = decoderFor(contentType);
    const text = body.chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join("") + decoder.decode();
    return { ok: true, text, bytes: body.bytes, contentType };
  } catch (error) {
    if (error instanceof BusinessUrlRefused) return { ok: false, reason: PAGE_FAILURES.refused(error.reason), bytes: 0 };
    if (controller.signal.aborted) return { ok: false, reason: PAGE_FAILURES.timedOut(limits.timeoutMs), bytes: 0 };
    return { ok: false, reason: PAGE_FAILURES.unreachable, bytes: 0 };
  } finally {
    clearTimeout(timer);
  }
}

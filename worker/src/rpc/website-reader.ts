/**
 * What the control plane asks of the website reader (worker/src/website-reader/, a worker of its own) and the answers
 * that cross: a site looked at for its pages, and a site read page by page for an import.
 */
import type { ImportDiscoveryResource, ImportLimits } from "@nikki/core";

export interface DiscoverRequest {
  url: string;
  limits: ImportLimits;
}

/** The site's address as opened (without its fragment) and its pages; or why it cannot be imported, in the owner's words. */
export type DiscoverAnswer = { discovery: ImportDiscoveryResource } | { error: string };

export interface ReadRequest {
  /** The site's address, as the import was started with. */
  url: string;
  /** The pages to read (the owner's picks, or those found by an earlier run); null: find them first. */
  pages: string[] | null;
  /** Read from this page of the list on (an import carried on after a stop). */
  from: number;
  /** Bytes the import may still read, its pages together. */
  bytesLeft: number;
  limits: ImportLimits;
}

export interface PageRead {
  title: string;
  sections: { title: string; body: string }[];
}

/**
 * A read, one line of NDJSON each, in this order: `error` (and nothing else), or `pages` (only when none were given),
 * then one `page` per page from `from` on, then `end`. A stream without its `end` was cut short.
 */
export type ReadEvent =
  | { type: "error"; error: string }
  | ({ type: "pages" } & Omit<ImportDiscoveryResource, "url">)
  | { type: "page"; url: string; bytes: number; page: PageRead }
  | { type: "page"; url: string; bytes: number; reason: string }
  | { type: "end" };

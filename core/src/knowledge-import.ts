import * as z from "zod/mini";
import { plural } from "./plural";
import { guardedUrl } from "./url-field";
import type { UrlPolicy } from "./url-guard";

/**
 * Importing a business's website into its knowledge (issue 39 §2): the limits, the request schemas, the import and
 * discovery resources, and every message the owner reads about it (a page's failure reason is in these words too).
 */

export const IMPORT_LIMITS = {
  /** Pages one import reads at most (the ones the owner picks, or the first found). */
  pages: 50,
  /** Bytes one import reads at most, every page together. */
  totalBytes: 2 * 1024 * 1024,
  /** How long one page may take, its body included. */
  pageTimeoutMs: 10_000,
  /** Characters of text in one imported section at most: a longer part of a page is cut into sections of its title, "(continued)". */
  sectionChars: 4_000,
} as const;

export type ImportLimits = { pages: number; totalBytes: number; pageTimeoutMs: number };

/** The product token robots.txt names us by (`User-agent: NikkiAI`), besides `*`. */
export const IMPORT_ROBOTS_TOKEN = "NikkiAI";
export const IMPORT_USER_AGENT = `Mozilla/5.0 (compatible; ${IMPORT_ROBOTS_TOKEN}/1.0; website import)`;

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${Number((bytes / (1024 * 1024)).toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** Why one page was not imported, as the failures list shows it. */
export const PAGE_FAILURES = {
  timedOut: (ms: number) => `timed out after ${seconds(ms)}`,
  robots: "blocked by robots.txt",
  redirected: (location: string) => `redirected to ${location}`,
  notHtml: "not HTML",
  tooLarge: (bytes: number) => `too large: an import reads at most ${size(bytes)} in all`,
  http: (status: number) => `HTTP ${status}`,
  refused: (reason: string) => `not allowed: ${reason}`,
  unreachable: "could not be reached",
  noText: "no text found on the page",
} as const;

/** Why a whole import (or a look at the site) failed. */
export const IMPORT_MESSAGES = {
  url: "Enter your website's address, like https://www.example.com.",
  refused: (reason: string) => `That address is not allowed: ${reason}.`,
  rootRedirect: (location: string) => `That address redirects to ${location}. Enter ${location} instead and try again.`,
  rootFailed: (address: string, reason: string) => `We could not read ${address} (${reason}). Check the address and try again.`,
  robotsUnreadable: (reason: string) => `Your website's robots.txt could not be read (${reason}), so no page may be imported now. Try again later.`,
  noPages: "We found no pages to import at that address. Check the address, or enter the address of a page that links to the others.",
  tooManyPages: `Pick at most ${IMPORT_LIMITS.pages} pages.`,
  noPicks: "Pick at least one page to import.",
  foreignPage: "Pick pages of that website only.",
  running: "An import is already running. Wait for it to finish, then start another.",
  notFound: "That import was not found.",
  stopped: "The import stopped unexpectedly. Start it again.",
} as const;

/** What the owner types, as an address: `www.example.com` is read as `https://www.example.com`. */
export function siteAddress(value: string): string {
  const trimmed = value.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) || trimmed === "" ? trimmed : `https://${trimmed}`;
}

const addressField = (policy: UrlPolicy) =>
  z.pipe(z.pipe(z.string(IMPORT_MESSAGES.url), z.transform(siteAddress)), guardedUrl("https", policy, IMPORT_MESSAGES.url));

/** `POST /api/knowledge/import/discover`: the site to look at. */
export const importDiscoverSchema = (policy: UrlPolicy) => z.object({ url: addressField(policy) });

/** `POST /api/knowledge/import`: the site, and the pages the owner picked (none: every page found, up to the limit). */
export const importStartSchema = (policy: UrlPolicy) =>
  z.object({
    url: addressField(policy),
    pages: z.optional(
      z
        .array(z.string(IMPORT_MESSAGES.foreignPage))
        .check(z.minLength(1, IMPORT_MESSAGES.noPicks), z.maxLength(IMPORT_LIMITS.pages, IMPORT_MESSAGES.tooManyPages)),
    ),
  });

export type ImportStatus = "queued" | "running" | "done" | "failed";

export interface ImportFailure {
  url: string;
  reason: string;
}

export interface KnowledgeImportResource {
  id: string;
  url: string;
  status: ImportStatus;
  pages_total: number;
  pages_done: number;
  failures: ImportFailure[];
  /** The pages this import reads: the owner's picks, or those found once it has looked (null until then). */
  pages: string[] | null;
  /** Why it failed; or, done, why it stopped before its last page (the knowledge reached its plan's limit). */
  error: string | null;
  /** Knowledge entries this import made or refreshed so far. */
  sections_imported: number;
  /** The pages read so far by what they did: first imported, text changed (its sections replaced), text the same. */
  pages_new: number;
  pages_changed: number;
  pages_unchanged: number;
  /** Sections this import wrote as new entries; a re-import of unchanged pages adds none. */
  sections_added: number;
  created_at: string;
  updated_at: string;
}

/** What a look at the site found: pages that may be imported, the first `IMPORT_LIMITS.pages`, and those skipped with why. */
export interface ImportDiscoveryResource {
  url: string;
  source: "sitemap" | "links";
  pages: string[];
  skipped: ImportFailure[];
}

/** "12 of 31 pages", as the dashboard shows an import's progress. */
export const importProgress = (done: number, total: number) => `${done} of ${plural(total, "page")}`;

type ImportCounts = Pick<KnowledgeImportResource, "pages_total" | "pages_new" | "pages_changed" | "pages_unchanged" | "sections_added" | "sections_imported">;

/**
 * What a finished import changed, as its end message says it: "9 of 9 pages read: 1 changed, 8 unchanged; 4 sections
 * added." An import recorded before the counts were kept says only how many sections it holds.
 */
export function importOutcome(run: ImportCounts): string {
  const read = run.pages_new + run.pages_changed + run.pages_unchanged;
  if (read === 0 && run.sections_imported > 0) return `${plural(run.sections_imported, "section")} imported.`;
  const parts = [
    [run.pages_new, "new"],
    [run.pages_changed, "changed"],
    [run.pages_unchanged, "unchanged"],
  ].flatMap(([count, what]) => (count ? [`${count} ${what}`] : []));
  const added = run.sections_added === 0 ? "no sections added" : `${plural(run.sections_added, "section")} added`;
  return `${importProgress(read, run.pages_total)} read${parts.length ? `: ${parts.join(", ")}` : ""}; ${added}.`;
}

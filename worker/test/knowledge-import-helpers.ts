import type { ImportDiscoveryResource, ImportLimits, KnowledgeImportResource } from "@nikki/core";
import { env } from "cloudflare:test";
import { createD1Database } from "../src/db/client";
import { runImport } from "../src/knowledge/import/run";
import { websiteReader } from "../src/knowledge/import/website-reader-client";
import { type SignedUp, call } from "./accounts";
import { SIMULATED } from "./simulators";

/** The fixture websites global-setup.ts serves (simulators/business-website-pages.ts), by their origins. */
export const SITES = {
  bakery: `http://127.0.0.1:${SIMULATED.websitePorts.bakery}`,
  linked: `http://127.0.0.1:${SIMULATED.websitePorts.linked}`,
  moved: `http://127.0.0.1:${SIMULATED.websitePorts.moved}`,
  hostile: `http://127.0.0.1:${SIMULATED.websitePorts.hostile}`,
  heavy: `http://127.0.0.1:${SIMULATED.websitePorts.heavy}`,
};

export async function discover(owner: SignedUp, url: string) {
  const response = await call("/api/knowledge/import/discover", { cookie: owner.cookie, body: { url } });
  return {
    status: response.status,
    body: (await response.json()) as { discovery: ImportDiscoveryResource; error: { message: string; fields: Record<string, string> } },
  };
}

export async function startImport(owner: SignedUp, body: { url: string; pages?: string[] }) {
  const response = await call("/api/knowledge/import", { cookie: owner.cookie, body });
  return {
    status: response.status,
    body: (await response.json()) as { import: KnowledgeImportResource; error: { code: string; message: string; fields: Record<string, string> } },
  };
}

export async function readImport(owner: SignedUp, id: string): Promise<KnowledgeImportResource> {
  const response = await call(`/api/knowledge/imports/${id}`, { cookie: owner.cookie });
  return ((await response.json()) as { import: KnowledgeImportResource }).import;
}

/** The import once it is done or failed (its KnowledgeImporter's alarm runs it), and every progress seen on the way. */
export async function finished(owner: SignedUp, id: string): Promise<{ final: KnowledgeImportResource; seen: string[] }> {
  const deadline = Date.now() + 60_000;
  const seen: string[] = [];
  for (;;) {
    const current = await readImport(owner, id);
    const progress = `${current.status} ${current.pages_done}/${current.pages_total}`;
    if (seen.at(-1) !== progress) seen.push(progress);
    if (current.status === "done" || current.status === "failed" || Date.now() > deadline) return { final: current, seen };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function importedToEnd(owner: SignedUp, body: { url: string; pages?: string[] }) {
  const started = await startImport(owner, body);
  if (started.status !== 202) throw new Error(`import refused: ${started.status} ${JSON.stringify(started.body)}`);
  return finished(owner, started.body.import.id);
}

export interface StoredEntry {
  id: string;
  title: string;
  body: string;
  source: string;
  source_url: string;
  page_title: string | null;
  content_hash: string;
  import_id: string;
  edited: number;
  updated_at: number;
}

export async function websiteEntries(organizationId: string): Promise<StoredEntry[]> {
  const { results } = await env.DB.prepare(
    "select id, title, body, source, source_url, page_title, content_hash, import_id, edited, updated_at from knowledge_entries where organization_id = ? order by source_url, rowid",
  )
    .bind(organizationId)
    .all<StoredEntry>();
  return results;
}

/** The paths the fixture site was asked for so far. */
export async function requestsTo(origin: string): Promise<string[]> {
  return ((await (await fetch(`${origin}/__requests`)).json()) as { requests: string[] }).requests;
}

/** An import stored as given, run to its end by the runner its KnowledgeImporter runs, through the website reader. */
export async function runStoredImport(organizationId: string, url: string, pages: string[] | null, limits?: ImportLimits): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into knowledge_imports (id, organization_id, url, pages, pages_total) values (?, ?, ?, ?, ?)")
    .bind(id, organizationId, url, pages && JSON.stringify(pages), pages?.length ?? 0)
    .run();
  await runImport(createD1Database(env.DB), websiteReader(env.WEBSITE_READER, env.AUTH_SECRET ?? ""), id, limits);
  return id;
}

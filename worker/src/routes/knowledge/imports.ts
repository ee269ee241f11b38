import { IMPORT_LIMITS, IMPORT_MESSAGES, type KnowledgeImportResource, importDiscoverSchema, importStartSchema, parseFields, urlRefusal } from "@nikki/core";
import { and, count, desc, eq, gt, inArray } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../../app-env";
import { audit } from "../../audit";
import type { Database } from "../../db/client";
import { knowledgeEntries, knowledgeImports } from "../../db/schema";
import { ApiError } from "../../http/api-error";
import { readJsonBody } from "../../http/json-body";
import { failuresOf } from "../../knowledge/import/run";
import { websiteReader } from "../../knowledge/import/website-reader-client";
import { access, orgCaller } from "../../middleware/access";
import { HOUR_MS, rateLimit } from "../../middleware/rate-limit";

type ImportRow = typeof knowledgeImports.$inferSelect;

/** Looks at a site and imports read foreign sites on the business's behalf: at most this many an hour each. */
const DISCOVERIES_PER_HOUR = 60;
const IMPORTS_PER_HOUR = 20;
/** An import not finished after this long is taken to have stopped: another may start. */
const RUNNING_AT_MOST_MS = 20 * 60 * 1000;

function serializeImport(row: ImportRow, sections: number): KnowledgeImportResource {
  return {
    id: row.id,
    url: row.url,
    status: row.status,
    pages_total: row.pagesTotal,
    pages_done: row.pagesDone,
    failures: failuresOf(row),
    pages: row.pages === null ? null : (JSON.parse(row.pages) as string[]),
    error: row.error,
    sections_imported: sections,
    pages_new: row.pagesNew,
    pages_changed: row.pagesChanged,
    pages_unchanged: row.pagesUnchanged,
    sections_added: row.sectionsAdded,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** How many entries each import made or refreshed, in one query. */
async function sectionCounts(db: Database, organizationId: string, importIds: string[]): Promise<Map<string, number>> {
  if (importIds.length === 0) return new Map();
  const rows = await db
    .select({ importId: knowledgeEntries.importId, sections: count() })
    .from(knowledgeEntries)
    .where(and(eq(knowledgeEntries.organizationId, organizationId), inArray(knowledgeEntries.importId, importIds)))
    .groupBy(knowledgeEntries.importId);
  return new Map(rows.map((row) => [row.importId ?? "", row.sections]));
}

const refuse = (fields: Record<string, string>) => new ApiError("validation_failed", { message: Object.values(fields)[0], fields });

const perOrganizationPerHour = (name: string, limit: number) =>
  rateLimit([{ key: (c) => `${name}:${orgCaller(c).organizationId}`, limit, windowMs: HOUR_MS, code: "rate_limited" }]);

/**
 * `/api/knowledge/import*` (issue 39 §2): look at a site (its pages, for the owner to pick), start an import of it
 * (202; a KnowledgeImporter runs it), and read an import's progress. Owners and admins import; every member reads.
 */
export const knowledgeImportRoutes = new Hono<AppEnv>()
  .post("/import/discover", access("admin"), perOrganizationPerHour("knowledge-discover", DISCOVERIES_PER_HOUR), async (c) => {
    const parsed = parseFields(importDiscoverSchema(c.var.config.urlPolicy), await readJsonBody(c));
    if (!parsed.ok) throw refuse(parsed.fields);
    const found = await websiteReader(c.env.WEBSITE_READER, c.var.config.AUTH_SECRET ?? "").discover(parsed.data.url, IMPORT_LIMITS);
    if ("error" in found) throw refuse({ url: found.error });
    return c.json(found);
  })
  .post("/import", access("admin"), perOrganizationPerHour("knowledge-import", IMPORTS_PER_HOUR), async (c) => {
    const caller = orgCaller(c);
    const policy = c.var.config.urlPolicy;
    const parsed = parseFields(importStartSchema(policy), await readJsonBody(c));
    if (!parsed.ok) throw refuse(parsed.fields);
    const address = new URL(parsed.data.url);
    const origin = address.origin;
    const picks = parsed.data.pages?.map((page) => page.trim());
    // A pick is a page of the site given, which the URL guard allows (it checks it again before fetching it).
    const foreign = picks?.some((page) => urlRefusal(page, "https", policy) !== null || !URL.canParse(page) || new URL(page).origin !== origin);
    if (foreign) throw refuse({ pages: IMPORT_MESSAGES.foreignPage });
    const [running] = await c.var.db
      .select({ id: knowledgeImports.id })
      .from(knowledgeImports)
      .where(
        and(
          eq(knowledgeImports.organizationId, caller.organizationId),
          inArray(knowledgeImports.status, ["queued", "running"]),
          gt(knowledgeImports.createdAt, new Date(Date.now() - RUNNING_AT_MOST_MS)),
        ),
      );
    if (running) throw new ApiError("conflict", { message: IMPORT_MESSAGES.running });
    const pages = picks ? [...new Set(picks.map((page) => page.replace(/#.*$/, "")))] : null;
    const [row] = await c.var.db
      .insert(knowledgeImports)
      .values({ organizationId: caller.organizationId, url: address.href, pages: pages && JSON.stringify(pages), pagesTotal: pages?.length ?? 0 })
      .returning();
    await audit(c, {
      action: "knowledge_import_started",
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      actorEmail: caller.email,
      target: address.href,
    });
    const importer = c.env.KNOWLEDGE_IMPORTER;
    await importer.get(importer.idFromName(row!.id)).start(row!.id);
    return c.json({ import: serializeImport(row!, 0) }, 202);
  })
  .get("/imports", access("viewer"), async (c) => {
    const { organizationId } = orgCaller(c);
    const rows = await c.var.db
      .select()
      .from(knowledgeImports)
      .where(eq(knowledgeImports.organizationId, organizationId))
      .orderBy(desc(knowledgeImports.createdAt))
      .limit(10);
    const sections = await sectionCounts(
      c.var.db,
      organizationId,
      rows.map((row) => row.id),
    );
    return c.json({ imports: rows.map((row) => serializeImport(row, sections.get(row.id) ?? 0)) });
  })
  .get("/imports/:id", access("viewer"), async (c) => {
    const { organizationId } = orgCaller(c);
    const [row] = await c.var.db
      .select()
      .from(knowledgeImports)
      .where(and(eq(knowledgeImports.id, c.req.param("id")), eq(knowledgeImports.organizationId, organizationId)));
    if (!row) throw new ApiError("not_found", { message: IMPORT_MESSAGES.notFound });
    const sections = await sectionCounts(c.var.db, organizationId, [row.id]);
    return c.json({ import: serializeImport(row, sections.get(row.id) ?? 0) });
  });

import { env } from "cloudflare:test";
import { type Caller, type Row, type World, same } from "./access-matrix-types";

/**
 * The website import's rows of the role × route matrix (issue 39 §2): owners and admins import, every member reads.
 * The writes name an address the URL guard refuses: past authorization they are refused for that, and nothing is fetched.
 */

const writers = (status: number): Record<Caller, number> => ({ anonymous: 401, viewer: 403, admin: status, owner: status, other: status });

async function freshImport(world: World) {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into knowledge_imports (id, organization_id, url, status) values (?, ?, 'https://www.example.com/', 'done')")
    .bind(id, world.owner.organizationId)
    .run();
  return id;
}

export const KNOWLEDGE_IMPORT_ROWS: Row[] = [
  {
    route: "POST /api/knowledge/import/discover",
    request: async () => ({ path: "/api/knowledge/import/discover", body: { url: "http://10.0.0.1/" } }),
    expect: writers(400),
  },
  {
    route: "POST /api/knowledge/import",
    request: async () => ({ path: "/api/knowledge/import", body: { url: "http://10.0.0.1/" } }),
    expect: writers(400),
  },
  { route: "GET /api/knowledge/imports", request: async () => ({ path: "/api/knowledge/imports" }), expect: { ...same(200), anonymous: 401 } },
  {
    route: "GET /api/knowledge/imports/:id",
    request: async (world) => ({ path: `/api/knowledge/imports/${await freshImport(world)}` }),
    expect: { ...same(200), anonymous: 401, other: 404 },
  },
];

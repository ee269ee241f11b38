import { env } from "cloudflare:test";
import { type Row, type World, readers } from "./access-matrix-types";

/** The knowledge routes' rows of the role × route matrix (issue 39): every member reads, owners and admins write. */

async function freshEntry(world: World) {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into knowledge_entries (id, organization_id, kind, question, answer, source) values (?, ?, 'qa', 'Matrix?', 'Yes.', 'typed')")
    .bind(id, world.owner.organizationId)
    .run();
  return id;
}

export const KNOWLEDGE_ROWS: Row[] = [
  { route: "GET /api/knowledge", request: async () => ({ path: "/api/knowledge?q=matrix&source=typed" }), expect: readers },
  { route: "GET /api/knowledge/usage", request: async () => ({ path: "/api/knowledge/usage" }), expect: readers },
  {
    route: "POST /api/knowledge",
    request: async () => ({ path: "/api/knowledge", body: { kind: "section", title: "Matrix hours", body: "Open 9 to 5." } }),
    expect: { anonymous: 401, viewer: 403, admin: 201, owner: 201, other: 201 },
  },
  {
    route: "PATCH /api/knowledge/:id",
    request: async (world) => ({ path: `/api/knowledge/${await freshEntry(world)}`, body: { enabled: false } }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 404 },
  },
  {
    route: "DELETE /api/knowledge/:id",
    request: async (world) => ({ path: `/api/knowledge/${await freshEntry(world)}` }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 404 },
  },
];

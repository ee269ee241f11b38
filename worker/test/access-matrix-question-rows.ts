import { env } from "cloudflare:test";
import { type Row, type World, readers } from "./access-matrix-types";

/** The unanswered questions' rows of the role × route matrix (issue 39 §4): every member reads, owners and admins answer. */

let cells = 0;

/** A fresh open question of the owner's organization. */
async function freshQuestion(world: World) {
  const id = crypto.randomUUID();
  const text = `Matrix question ${++cells}?`;
  await env.DB.prepare("insert into knowledge_questions (id, organization_id, text, normalized, call_ids) values (?, ?, ?, ?, '[]')")
    .bind(id, world.owner.organizationId, text, `matrix question ${cells}`)
    .run();
  return id;
}

export const QUESTION_ROWS: Row[] = [
  { route: "GET /api/knowledge/questions", request: async () => ({ path: "/api/knowledge/questions" }), expect: readers },
  {
    route: "POST /api/knowledge/questions/:id/answer",
    request: async (world) => ({ path: `/api/knowledge/questions/${await freshQuestion(world)}/answer`, body: { answer: "Yes." } }),
    expect: { anonymous: 401, viewer: 403, admin: 201, owner: 201, other: 404 },
  },
  {
    route: "POST /api/knowledge/questions/:id/dismiss",
    request: async (world) => ({ path: `/api/knowledge/questions/${await freshQuestion(world)}/dismiss`, body: {} }),
    expect: { anonymous: 401, viewer: 403, admin: 204, owner: 204, other: 404 },
  },
];

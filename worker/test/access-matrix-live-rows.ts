import { env } from "cloudflare:test";
import type { Row, World } from "./access-matrix-types";

/**
 * A call in progress in the role × route matrix (issue 56): owners and admins watch it and act on it, viewers never,
 * another organization finds no call. The call has no stream yet (its CallSession knows nothing of it), so the view
 * reads "answering" and a command answers 409 call_ended, after the role was checked.
 */
async function callInProgress(world: World) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "insert into calls (id, call_sid, organization_id, from_number, to_number, status) values (?, ?, ?, '+14155552671', '+15005550006', 'in-progress')",
  )
    .bind(id, `CA${id.replace(/-/g, "")}`, world.owner.organizationId)
    .run();
  return id;
}

const owners = (status: number) => ({ anonymous: 401, viewer: 403, admin: status, owner: status, other: 404 });

export const LIVE_ROWS: Row[] = [
  { route: "GET /api/calls/live", request: async () => ({ path: "/api/calls/live" }), expect: { ...owners(200), other: 200 } },
  { route: "GET /api/calls/:id/live", request: async (world) => ({ path: `/api/calls/${await callInProgress(world)}/live` }), expect: owners(200) },
  {
    route: "POST /api/calls/:id/note",
    request: async (world) => ({ path: `/api/calls/${await callInProgress(world)}/note`, body: { text: "Offer the 10% new-patient discount" } }),
    expect: owners(409),
  },
  {
    route: "POST /api/calls/:id/take-over",
    request: async (world) => ({ path: `/api/calls/${await callInProgress(world)}/take-over`, body: { number: "+14155550123" } }),
    expect: owners(409),
  },
  {
    route: "POST /api/calls/:id/listen",
    request: async (world) => ({ path: `/api/calls/${await callInProgress(world)}/listen`, body: {} }),
    expect: owners(409),
  },
  { route: "POST /api/calls/:id/end", request: async (world) => ({ path: `/api/calls/${await callInProgress(world)}/end`, body: {} }), expect: owners(409) },
];

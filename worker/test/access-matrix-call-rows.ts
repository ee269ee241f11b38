import { env } from "cloudflare:test";
import type { Row, World } from "./access-matrix-types";

/** One call's routes in the role × route matrix: members read a call of their own organization, owners and admins act on it. */

async function callWithTranscript(world: World) {
  const id = crypto.randomUUID();
  const sid = `CA${id.replace(/-/g, "")}`;
  await env.DB.prepare(
    "insert into calls (id, call_sid, organization_id, from_number, to_number, transcript, status) values (?, ?, ?, '+14155552671', '+15005550006', ?, 'completed')",
  )
    .bind(id, sid, world.owner.organizationId, JSON.stringify([{ role: "user", content: "Hello", timestamp: new Date().toISOString() }]))
    .run();
  return id;
}

export const CALL_ROWS: Row[] = [
  {
    route: "GET /api/calls/:id",
    request: async (world) => ({ path: `/api/calls/${await callWithTranscript(world)}` }),
    expect: { anonymous: 401, viewer: 200, admin: 200, owner: 200, other: 404 },
  },
  {
    route: "GET /api/calls/:id/recording",
    request: async (world) => ({ path: `/api/calls/${await callWithTranscript(world)}/recording` }),
    // The call has no recording: members read the 404 that says so; another organization does not find the call.
    expect: { anonymous: 401, viewer: 404, admin: 404, owner: 404, other: 404 },
  },
  {
    route: "POST /api/calls/:id/push-crm",
    request: async (world) => ({ path: `/api/calls/${await callWithTranscript(world)}/push-crm`, body: {} }),
    // The call is not processed yet: owners and admins are told so; viewers may not act; others find no call.
    expect: { anonymous: 401, viewer: 403, admin: 400, owner: 400, other: 404 },
  },
  {
    route: "POST /api/calls/:id/sms",
    request: async (world) => ({ path: `/api/calls/${await callWithTranscript(world)}/sms`, body: { body: "Thanks for calling!" } }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 404 },
  },
  {
    route: "POST /api/calls/:id/block",
    request: async (world) => ({ path: `/api/calls/${await callWithTranscript(world)}/block`, body: {} }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 404 },
  },
  {
    route: "DELETE /api/calls/:id/block",
    request: async (world) => ({ path: `/api/calls/${await callWithTranscript(world)}/block` }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 404 },
  },
  {
    route: "POST /api/calls/:id/reprocess",
    request: async (world) => ({ path: `/api/calls/${await callWithTranscript(world)}/reprocess`, body: {} }),
    expect: { anonymous: 401, viewer: 403, admin: 202, owner: 202, other: 404 },
  },
];

import { env } from "cloudflare:test";
import { EVERY_DAY_8_TO_8, ZONE, localStart } from "./booking";
import { type Row, type World, same, readers } from "./access-matrix-types";

/** The booking routes' rows of the role × route matrix (issue 35): every member reads, owners and admins write. */

/** Each organization in the world gets an agent open every day 8 to 8 (availability and booking need one). */
async function ensureAgents(world: World) {
  for (const organizationId of [world.owner.organizationId, world.other.organizationId]) {
    await env.DB.prepare(
      "insert or ignore into agents (id, organization_id, name, status, business_hours_tz, hours_json) values (?, ?, 'Matrix Booker', 'active', ?, ?)",
    )
      .bind(`agt_matrix_${organizationId}`, organizationId, ZONE, JSON.stringify(EVERY_DAY_8_TO_8))
      .run();
  }
}

async function freshService(world: World) {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into services (id, organization_id, name, duration_minutes) values (?, ?, 'Matrix Service', 30)")
    .bind(id, world.owner.organizationId)
    .run();
  return id;
}

let cells = 0;
/** A start no other cell's 30 minutes touch: half-hour steps through the days, 8:00 to 19:30. */
function freshStart(): string {
  const step = cells++;
  const minutes = 8 * 60 + (step % 24) * 30;
  return localStart(2 + Math.floor(step / 24), `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`);
}

async function freshAppointment(world: World) {
  const id = crypto.randomUUID();
  const start = new Date(freshStart()).getTime();
  await env.DB.prepare(
    "insert into appointments (id, organization_id, service_name, name, phone, start_at, end_at, busy_until, time_zone, source, confirmation_code, manage_token_hash) values (?, ?, 'Appointment', 'Matrix Person', '+14155550100', ?, ?, ?, ?, 'dashboard', ?, ?)",
  )
    .bind(id, world.owner.organizationId, start, start + 1_800_000, start + 1_800_000, ZONE, id.slice(0, 6).toUpperCase(), id)
    .run();
  return id;
}

async function feedFile(world: World) {
  const token = await env.DB.prepare("select calendar_feed_token from organization_settings where organization_id = ?")
    .bind(world.owner.organizationId)
    .first<string>("calendar_feed_token");
  return `/api/calendar/${token}.ics`;
}

export const BOOKING_ROWS: Row[] = [
  { route: "GET /api/services", request: async () => ({ path: "/api/services" }), expect: readers },
  {
    route: "POST /api/services",
    request: async () => ({ path: "/api/services", body: { name: "Matrix Cut", duration_minutes: 45 } }),
    expect: { anonymous: 401, viewer: 403, admin: 201, owner: 201, other: 201 },
  },
  {
    route: "PATCH /api/services/:id",
    request: async (world) => ({ path: `/api/services/${await freshService(world)}`, body: { price_text: "$40" } }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 404 },
  },
  {
    route: "DELETE /api/services/:id",
    request: async (world) => ({ path: `/api/services/${await freshService(world)}` }),
    expect: { anonymous: 401, viewer: 403, admin: 204, owner: 204, other: 404 },
  },
  { route: "GET /api/appointments", request: async () => ({ path: "/api/appointments" }), expect: readers },
  {
    route: "GET /api/appointments/availability",
    request: async (world) => {
      await ensureAgents(world);
      return { path: "/api/appointments/availability" };
    },
    expect: readers,
  },
  {
    route: "POST /api/appointments",
    request: async (world) => {
      await ensureAgents(world);
      const serviceId = await env.DB.prepare("select id from services where organization_id = ? order by created_at limit 1")
        .bind(world.owner.organizationId)
        .first<string>("id");
      return { path: "/api/appointments", body: { service_id: serviceId, start: freshStart(), name: "Matrix Person", phone: "+14155550100" } };
    },
    // Another organization's member names a service that is not theirs: refused as a field, never booked there.
    expect: { anonymous: 401, viewer: 403, admin: 201, owner: 201, other: 400 },
  },
  {
    route: "PATCH /api/appointments/:id",
    request: async (world) => ({ path: `/api/appointments/${await freshAppointment(world)}`, body: { status: "canceled" } }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 404 },
  },
  {
    route: "POST /api/org/calendar-feed/rotate",
    request: async () => ({ path: "/api/org/calendar-feed/rotate", body: {} }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 },
  },
  { route: "GET /api/calendar/:file", request: async (world) => ({ path: await feedFile(world) }), expect: same(200) },
  // Google sign-in is not configured in this world: past authorization, refused for that (calendars.test.ts connects).
  {
    route: "POST /api/integrations/google_calendar/connect",
    request: async () => ({ path: "/api/integrations/google_calendar/connect", body: {} }),
    expect: { anonymous: 401, viewer: 403, admin: 400, owner: 400, other: 400 },
  },
  // Without a state this member asked for: back to Integrations, saying the attempt expired, and nothing stored.
  {
    route: "GET /api/integrations/google_calendar/callback",
    request: async () => ({ path: "/api/integrations/google_calendar/callback?code=x&state=forged" }),
    expect: { anonymous: 401, viewer: 403, admin: 302, owner: 302, other: 302 },
  },
];

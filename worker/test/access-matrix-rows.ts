import { env } from "cloudflare:test";
import { inviteAndJoin, pendingInvitation, uniqueEmail } from "./accounts";
import { BOOKING_ROWS } from "./access-matrix-booking-rows";
import { CALL_ROWS } from "./access-matrix-call-rows";
import { LIVE_ROWS } from "./access-matrix-live-rows";
import { QUESTION_ROWS } from "./access-matrix-question-rows";
import { KNOWLEDGE_IMPORT_ROWS } from "./access-matrix-knowledge-import-rows";
import { KNOWLEDGE_ROWS } from "./access-matrix-knowledge-rows";
import { type Row, type World, path, readers, same } from "./access-matrix-types";

const freshInvitation = (world: World) => pendingInvitation(world.owner, uniqueEmail("pending"), "viewer");

let demoCells = 0;
let widgetLeadCells = 0;

let numberCells = 0;

/** A fresh number of the owner's organization, not on Twilio (so renaming and releasing touch only the database). */
async function freshNumber(world: World) {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number) values (?, ?, ?)")
    .bind(id, world.owner.organizationId, `+1212555${String(++numberCells).padStart(4, "0")}`)
    .run();
  return id;
}

/** A fresh inactive agent of the owner's organization (inactive, so the plan's agent limit never interferes). */
async function freshAgent(world: World) {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into agents (id, organization_id, name, status) values (?, ?, 'Matrix Agent', 'inactive')")
    .bind(id, world.owner.organizationId)
    .run();
  return id;
}

async function widgetKeyOf(organizationId: string) {
  return env.DB.prepare("select public_key from widget_keys where organization_id = ? and revoked_at is null order by created_at desc")
    .bind(organizationId)
    .first<string>("public_key");
}

/**
 * Every /api route's row of the role × route matrix (access-matrix-types.ts), in the order the cells run. A route the
 * app serves without a row here fails the first test: add its row when you add a route.
 */
export const MATRIX: Row[] = [
  { route: "GET /api/health", request: path("/api/health"), expect: same(200) },
  { route: "GET /api/ping", request: path("/api/ping"), expect: same(200) },
  { route: "GET /api/health/voice", request: path("/api/health/voice"), expect: same(200) },
  { route: "GET /api/health/diagnostics", request: path("/api/health/diagnostics"), expect: same(200) },
  {
    route: "POST /api/leads",
    request: async () => ({ path: "/api/leads", body: { name: "Matrix Lead", phone: "4155552671" } }),
    expect: same(201),
  },
  { route: "GET /api/leads", request: path("/api/leads"), expect: { ...same(200), anonymous: 401 } },
  {
    // The chat's contact hand-off: the widget key names the business; each cell from an address of its own.
    route: "POST /api/widget/leads",
    request: async (world) => ({
      path: `/api/widget/leads?key=${await widgetKeyOf(world.owner.organizationId)}`,
      body: { name: "Matrix Visitor", phone: "4155552671" },
      headers: { "cf-connecting-ip": `192.0.2.${100 + ++widgetLeadCells}` },
    }),
    expect: same(201),
  },
  {
    route: "POST /api/telemetry/not-found",
    request: async () => ({ path: "/api/telemetry/not-found", body: { path: "/nowhere" } }),
    expect: same(204),
  },
  {
    route: "POST /api/account/signup",
    request: async () => ({
      path: "/api/account/signup",
      body: { firstName: "M", lastName: "X", email: uniqueEmail("matrix"), company: "Matrix Co", password: "matrix-password" },
    }),
    expect: same(201),
  },
  {
    route: "POST /api/account/organization",
    request: async () => ({ path: "/api/account/organization", body: { company: "Second Business" } }),
    expect: { ...same(409), anonymous: 401 },
  },
  { route: "GET /api/account/providers", request: path("/api/account/providers"), expect: same(200) },
  {
    route: "GET /api/widget/config",
    request: async (world) => ({ path: `/api/widget/config?key=${await widgetKeyOf(world.owner.organizationId)}` }),
    expect: same(200),
  },
  {
    route: "POST /api/chat",
    request: async (world) => ({
      path: `/api/chat?key=${await widgetKeyOf(world.owner.organizationId)}`,
      body: { messages: [{ role: "user", content: "Hello" }] },
    }),
    expect: same(200),
  },
  {
    // Organization A has no phone number yet: the widget is told the demo service is offline.
    route: "POST /api/demo-calls",
    request: async (world) => {
      const cell = ++demoCells;
      return {
        path: `/api/demo-calls?key=${await widgetKeyOf(world.owner.organizationId)}`,
        body: { phone: `(415) 555-${String(1000 + cell)}`, consent: true },
        headers: { "cf-connecting-ip": `192.0.2.${cell}` },
      };
    },
    expect: same(503),
  },
  {
    // Scheduling only queues the call: anyone with the key may, whatever their session.
    route: "POST /api/demo-calls/scheduled",
    request: async (world) => {
      const cell = ++demoCells;
      return {
        path: `/api/demo-calls/scheduled?key=${await widgetKeyOf(world.owner.organizationId)}`,
        body: { phone: `(415) 555-${String(2000 + cell)}`, consent: true, scheduled_at: new Date(Date.now() + 3_600_000).toISOString() },
        headers: { "cf-connecting-ip": `192.0.2.${100 + cell}` },
      };
    },
    expect: same(201),
  },
  {
    route: "POST /api/billing/checkout",
    request: async () => ({ path: "/api/billing/checkout", body: { plan_slug: "growth" } }),
    expect: { anonymous: 401, viewer: 403, admin: 403, other: 200, owner: 200 },
  },
  // After the checkout row: every organization that may pay now has its Stripe customer.
  {
    route: "POST /api/billing/portal",
    request: async () => ({ path: "/api/billing/portal", body: {} }),
    expect: { anonymous: 401, viewer: 403, admin: 403, other: 200, owner: 200 },
  },
  { route: "GET /api/billing/subscription", request: path("/api/billing/subscription"), expect: { ...same(200), anonymous: 401, viewer: 403 } },
  { route: "GET /api/billing/invoices", request: path("/api/billing/invoices"), expect: { ...same(200), anonymous: 401, viewer: 403 } },
  { route: "GET /api/voice-samples/voices/:voice", request: path("/api/voice-samples/voices/alloy"), expect: { ...same(200), anonymous: 401 } },
  { route: "GET /api/voice-samples/:intent", request: path("/api/voice-samples/services"), expect: same(200) },
  { route: "GET /api/realtime/token", request: path("/api/realtime/token"), expect: { ...same(200), anonymous: 401 } },
  // Past the session check, a JSON body is not an SDP offer.
  { route: "POST /api/realtime/calls", request: async () => ({ path: "/api/realtime/calls", body: {} }), expect: { ...same(415), anonymous: 401 } },
  { route: "GET /api/account/me", request: path("/api/account/me"), expect: { ...same(200), anonymous: 401 } },
  {
    route: "GET /api/invitations/:id",
    request: async (world) => ({ path: `/api/invitations/${await freshInvitation(world)}` }),
    expect: same(200),
  },
  {
    route: "POST /api/invitations/:id/accept",
    request: async (world) => ({ path: `/api/invitations/${await freshInvitation(world)}/accept`, body: {} }),
    expect: { ...same(403), anonymous: 401 },
  },
  // Nobody in this world is the invited address: past the session check, refused as not theirs.
  {
    route: "POST /api/invitations/:id/verify",
    request: async (world) => ({ path: `/api/invitations/${await freshInvitation(world)}/verify`, body: { code: "123456" } }),
    expect: { ...same(403), anonymous: 401 },
  },
  { route: "GET /api/org", request: path("/api/org"), expect: { ...same(200), anonymous: 401 } },
  {
    route: "PATCH /api/org",
    request: async () => ({ path: "/api/org", body: { domain: "example.com" } }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 },
  },
  { route: "GET /api/org/members", request: path("/api/org/members"), expect: { ...same(200), anonymous: 401 } },
  {
    route: "PUT /api/org/members/me/alerts",
    request: async () => ({ path: "/api/org/members/me/alerts", body: { call_alerts: false } }),
    expect: { ...same(200), anonymous: 401 },
  },
  {
    route: "PUT /api/org/members/me/phone",
    request: async () => ({ path: "/api/org/members/me/phone", body: { phone: "(415) 555-0123" } }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 },
  },
  {
    route: "PATCH /api/org/members/:id",
    request: async (world) => ({ path: `/api/org/members/${world.targetMemberId}`, body: { role: "viewer" } }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 404 },
  },
  {
    route: "DELETE /api/org/members/:id",
    request: async (world) => ({ path: `/api/org/members/${(await inviteAndJoin(world.owner, "viewer")).memberId}` }),
    expect: { anonymous: 401, viewer: 403, admin: 204, owner: 204, other: 404 },
  },
  { route: "GET /api/org/invitations", request: path("/api/org/invitations"), expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 } },
  {
    route: "POST /api/org/invitations",
    request: async () => ({ path: "/api/org/invitations", body: { email: uniqueEmail("invitee"), role: "viewer" } }),
    expect: { anonymous: 401, viewer: 403, admin: 201, owner: 201, other: 201 },
  },
  {
    route: "DELETE /api/org/invitations/:id",
    request: async (world) => ({ path: `/api/org/invitations/${await freshInvitation(world)}` }),
    expect: { anonymous: 401, viewer: 403, admin: 204, owner: 204, other: 404 },
  },
  { route: "GET /api/agents", request: path("/api/agents"), expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 } },
  {
    route: "GET /api/agents/realtime-models",
    request: path("/api/agents/realtime-models"),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 },
  },
  {
    route: "POST /api/agents",
    request: async () => ({ path: "/api/agents", body: { name: "Matrix Agent", status: "inactive" } }),
    expect: { anonymous: 401, viewer: 403, admin: 201, owner: 201, other: 201 },
  },
  {
    route: "GET /api/agents/:id",
    request: async (world) => ({ path: `/api/agents/${await freshAgent(world)}` }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 404 },
  },
  {
    route: "PATCH /api/agents/:id",
    request: async (world) => ({ path: `/api/agents/${await freshAgent(world)}`, body: { greeting: "Hello!" } }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 404 },
  },
  {
    route: "POST /api/agents/:id/test-call",
    // The fresh agent is inactive: the owner's organization answers with the reason, never a call.
    request: async (world) => ({ path: `/api/agents/${await freshAgent(world)}/test-call`, body: { phone: "+14155550193" } }),
    expect: { anonymous: 401, viewer: 403, admin: 400, owner: 400, other: 404 },
  },
  {
    route: "GET /api/test-calls/:callSid",
    request: async (world) => {
      const sid = `CA${crypto.randomUUID().replace(/-/g, "")}`;
      await env.DB.prepare("insert into calls (id, call_sid, organization_id, from_number, to_number) values (?, ?, ?, '+13125550101', '+14155550193')")
        .bind(crypto.randomUUID(), sid, world.owner.organizationId)
        .run();
      return { path: `/api/test-calls/${sid}` };
    },
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 404 },
  },
  {
    route: "POST /api/health/probe",
    request: async () => ({ path: "/api/health/probe", body: { target: "bridge_health" } }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 },
  },
  // No organization here has a number with an active agent: past authorization, refused for that, and nothing rings.
  {
    route: "POST /api/health/test-call",
    request: async () => ({ path: "/api/health/test-call", body: { phone: "+14155550193" } }),
    expect: { anonymous: 401, viewer: 403, admin: 400, owner: 400, other: 400 },
  },
  { route: "GET /api/test-suite", request: path("/api/test-suite"), expect: { ...same(200), anonymous: 401 } },
  {
    route: "PUT /api/test-suite/custom",
    request: async () => ({ path: "/api/test-suite/custom", body: { lines: [], expect: "lead" } }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 },
  },
  // The custom script is empty (the row above): past authorization, the run is refused for that, and no call starts.
  {
    route: "POST /api/test-suite/runs",
    request: async () => ({ path: "/api/test-suite/runs", body: { scenario: "custom" } }),
    expect: { anonymous: 401, viewer: 403, admin: 400, owner: 400, other: 400 },
  },
  {
    route: "GET /api/test-suite/runs/:id",
    request: async (world) => {
      const id = crypto.randomUUID();
      await env.DB.prepare(
        "insert into test_runs (id, organization_id, scenario, lines, expect, status, call_sid) values (?, ?, 'lead', '[]', 'lead', 'failed', ?)",
      )
        .bind(id, world.owner.organizationId, `CA${crypto.randomUUID().replace(/-/g, "")}`)
        .run();
      return { path: `/api/test-suite/runs/${id}` };
    },
    expect: { ...same(200), anonymous: 401, other: 404 },
  },
  {
    route: "POST /api/numbers/:id/test-call",
    request: async (world) => ({ path: `/api/numbers/${await freshNumber(world)}/test-call`, body: { phone: "+14155550193" } }),
    expect: { anonymous: 401, viewer: 403, admin: 400, owner: 400, other: 404 },
  },
  {
    route: "DELETE /api/agents/:id",
    request: async (world) => ({ path: `/api/agents/${await freshAgent(world)}` }),
    expect: { anonymous: 401, viewer: 403, admin: 204, owner: 204, other: 404 },
  },
  { route: "GET /api/numbers", request: path("/api/numbers"), expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 } },
  {
    route: "POST /api/numbers/search",
    request: async () => ({ path: "/api/numbers/search", body: { area_code: "415" } }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 },
  },
  {
    route: "POST /api/numbers",
    request: async () => ({ path: "/api/numbers", body: { phone_number: "+16045550100" } }),
    // The first buyer gets the number; everyone after is told it is taken. (No other test buys from area code 604.)
    expect: { anonymous: 401, viewer: 403, admin: 201, owner: 409, other: 409 },
  },
  {
    route: "POST /api/numbers/sync",
    request: async () => ({ path: "/api/numbers/sync", body: {} }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 },
  },
  {
    route: "PATCH /api/numbers/:id",
    request: async (world) => ({ path: `/api/numbers/${await freshNumber(world)}`, body: { friendly_name: "Matrix line" } }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 404 },
  },
  {
    route: "DELETE /api/numbers/:id",
    request: async (world) => ({ path: `/api/numbers/${await freshNumber(world)}` }),
    expect: { anonymous: 401, viewer: 403, admin: 204, owner: 204, other: 404 },
  },
  {
    route: "POST /api/org/widget-key",
    request: async () => ({ path: "/api/org/widget-key", body: {} }),
    expect: { anonymous: 401, viewer: 403, admin: 201, owner: 201, other: 201 },
  },
  { route: "GET /api/org/settings", request: path("/api/org/settings"), expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 } },
  {
    route: "PATCH /api/org/settings",
    request: async () => ({ path: "/api/org/settings", body: { post_call_sms: false } }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 },
  },
  { route: "GET /api/org/texts", request: path("/api/org/texts"), expect: readers },
  {
    route: "GET /api/org/getting-started",
    request: path("/api/org/getting-started"),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 },
  },
  { route: "GET /api/integrations", request: path("/api/integrations"), expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 } },
  {
    route: "PUT /api/integrations/:provider",
    request: async () => ({ path: "/api/integrations/hubspot", body: { credentials: { private_app_token: "pat-na1-simulated" } } }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 },
  },
  // After the PUT row: every organization that may test has a HubSpot token stored.
  {
    route: "POST /api/integrations/:provider/test",
    request: async () => ({ path: "/api/integrations/hubspot/test", body: {} }),
    expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 },
  },
  {
    route: "DELETE /api/integrations/:provider",
    request: async () => ({ path: "/api/integrations/zapier" }),
    expect: { anonymous: 401, viewer: 403, admin: 204, owner: 204, other: 204 },
  },
  { route: "GET /api/org/audit", request: path("/api/org/audit"), expect: { anonymous: 401, viewer: 403, admin: 200, owner: 200, other: 200 } },
  // Without an upgrade: members are told to open a WebSocket (test/live-events.test.ts covers the channel itself).
  { route: "GET /api/events", request: path("/api/events"), expect: { ...same(426), anonymous: 401 } },
  { route: "GET /api/overview", request: path("/api/overview"), expect: { ...same(200), anonymous: 401 } },
  { route: "GET /api/calls", request: path("/api/calls"), expect: { ...same(200), anonymous: 401 } },
  ...CALL_ROWS,
  ...LIVE_ROWS,
  ...BOOKING_ROWS,
  ...QUESTION_ROWS,
  ...KNOWLEDGE_IMPORT_ROWS,
  ...KNOWLEDGE_ROWS,
  // Last: the owner's cell deletes the organization the rows above act on.
  // The product's operators only: nobody in this world has a listed, verified address (operators are tested on their own).
  { route: "GET /api/operator/leads", request: path("/api/operator/leads"), expect: { ...same(403), anonymous: 401 } },
  { route: "GET /api/operator/leads.csv", request: path("/api/operator/leads.csv"), expect: { ...same(403), anonymous: 401 } },
  { route: "GET /api/org/export", request: path("/api/org/export"), expect: { anonymous: 401, viewer: 403, admin: 403, other: 200, owner: 200 } },
  // Without the typed confirmation: past authorization, refused for that, and nothing is closed.
  {
    route: "DELETE /api/org",
    request: async () => ({ path: "/api/org", body: {} }),
    expect: { anonymous: 401, viewer: 403, admin: 403, other: 400, owner: 400 },
  },
];

/**
 * Issue 37 §3: a returning caller is remembered by the business they called (name, language, last call, upcoming
 * booking), within 3 calls and 90 days, never across businesses, never after they asked to be forgotten or their calls
 * were purged, never by or for a Test Suite call; and the call detail counts their earlier calls.
 */
import { env } from "cloudflare:test";
import { businessDate, slotLabel } from "@nikki/core";
import { fillPlaceholders } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "../src/db/client";
import { purgeExpiredCallData } from "../src/jobs/retention-purge";
import { createLogger } from "../src/logger";
import { analyzeDueCall } from "../src/after-call/analysis";
import { answerCall } from "../src/voice/answer";
import { PLATFORM_ACCOUNT, callContextFor } from "../src/voice/call-context";
import { memoryQuery } from "../src/voice/caller-memory";
import type { CallSetup } from "../src/rpc/call-session";
import { type SignedUp, call, signUp } from "./accounts";
import { answeredSetup, testAnswerDeps } from "./answer-deps";
import { testServices } from "./services";
import { SIMULATED } from "./simulators";
import { callSid } from "./twilio";
import { callEffectsOf } from "../src/test-suite/call-effects-of";

const DAY = 86_400_000;
const ZONE = "America/Chicago";
const log = createLogger({ test: "returning-callers" }, "error");
const ALWAYS_OPEN = JSON.stringify(
  Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, [{ open: "00:00", close: "23:59" }]])),
);

interface Business {
  id: string;
  number: string;
}
let owner: SignedUp;
let shop: Business;
let other: Business;
let purged: Business;

let numberSeq = 0;
const caller = () => `+1312555${String(1000 + ++numberSeq).slice(-4)}`;

/** An agent answering `number` for the organization, its settings as given. */
async function business(organizationId: string, number: string, settings: Record<string, number> = {}): Promise<Business> {
  const agent = crypto.randomUUID();
  await env.DB.prepare("insert into agents (id, organization_id, name, status, hours_json, business_hours_tz) values (?, ?, 'Dana', 'active', ?, ?)")
    .bind(agent, organizationId, ALWAYS_OPEN, ZONE)
    .run();
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), organizationId, number, agent)
    .run();
  for (const [column, value] of Object.entries(settings))
    await env.DB.prepare(`update organization_settings set ${column} = ? where organization_id = ?`).bind(value, organizationId).run();
  return { id: organizationId, number };
}

async function organization(name: string): Promise<string> {
  const id = `org_${crypto.randomUUID()}`;
  await env.DB.prepare("insert into organizations (id, name, slug, trial_ends_at) values (?, ?, ?, ?)")
    .bind(id, name, id, Date.now() + DAY)
    .run();
  await env.DB.prepare("insert into organization_settings (organization_id) values (?)").bind(id).run();
  return id;
}

interface EarlierCall {
  daysAgo: number;
  summary?: string | null;
  /** The name as the analysis stored it (by default a marker, as a call stored redacted before contact details were kept as given). */
  entityName?: string;
  /** The name the call's lead holds. */
  leadName?: string;
  language?: string;
  kind?: "conversation" | "voicemail" | "test";
  direction?: "inbound" | "outbound";
}

async function earlierCall(to: Business, from: string, call: EarlierCall): Promise<string> {
  const id = crypto.randomUUID();
  const outbound = call.direction === "outbound";
  await env.DB.prepare(
    `insert into calls (id, call_sid, organization_id, direction, kind, from_number, to_number, transcript, summary, entities, language, status, processing_status, created_at)
     values (?, ?, ?, ?, ?, ?, ?, '[{"role":"user","content":"Hello"}]', ?, ?, ?, 'completed', 'processed', ?)`,
  )
    .bind(
      id,
      callSid(),
      to.id,
      call.direction ?? "inbound",
      call.kind ?? "conversation",
      outbound ? to.number : from,
      outbound ? from : to.number,
      call.summary === undefined ? `A call ${call.daysAgo} days ago.` : call.summary,
      JSON.stringify({ name: call.entityName ?? "[NAME]" }),
      call.language ?? null,
      Date.now() - call.daysAgo * DAY,
    )
    .run();
  if (call.leadName)
    await env.DB.prepare("insert into leads (id, organization_id, call_id, source, name, phone) values (?, ?, ?, 'call', ?, ?)")
      .bind(crypto.randomUUID(), to.id, id, call.leadName, from)
      .run();
  return id;
}

async function upcomingBooking(to: Business, phone: string, startAt: number, code: string) {
  await env.DB.prepare(
    `insert into appointments (id, organization_id, service_name, name, phone, start_at, end_at, busy_until, time_zone, source, confirmation_code, manage_token_hash)
     values (?, ?, 'Boiler service', 'Grace Hopper', ?, ?, ?, ?, ?, 'dashboard', ?, ?)`,
  )
    .bind(crypto.randomUUID(), to.id, phone, startAt, startAt + 3_600_000, startAt + 3_600_000, ZONE, code, crypto.randomUUID())
    .run();
}

/** Answers a call from `from` to the business, as Twilio's webhook would; the setup its CallSession gets. */
async function answer(to: Business, from: string, sid = callSid()): Promise<CallSetup> {
  await answerCall(testAnswerDeps(log), {
    direction: "inbound",
    callSid: sid,
    from,
    to: to.number,
    account: { ...PLATFORM_ACCOUNT, authToken: SIMULATED.twilioAuthToken },
  });
  const setup = await answeredSetup(sid);
  if (!setup) throw new Error("the call was not answered by the agent");
  return setup;
}

async function callerOf(callId: string) {
  const response = await call(`/api/calls/${callId}`, { cookie: owner.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { call: { caller: { returning: boolean; previous_calls: number } } }).call.caller;
}

beforeAll(async () => {
  owner = await signUp({ company: "Returning Plumbing" });
  shop = await business(owner.organizationId, "+13125550301");
  other = await business(await organization("Other Plumbing"), "+13125550302");
  purged = await business(await organization("Short Memory Plumbing"), "+13125550303", { transcript_retention_days: 7 });
});

describe("a returning caller is remembered", () => {
  it("their name, language, last call (its day in the business's zone) and upcoming booking are in the instructions", async () => {
    const grace = caller();
    await earlierCall(shop, grace, { daysAgo: 10, leadName: "Grace Hopper", language: "en" });
    const lastAt = Date.now() - 2 * DAY;
    await earlierCall(shop, grace, { daysAgo: 2, summary: "[NAME] asked about a boiler service.", language: "es" });
    const start = Date.now() + 3 * DAY;
    await upcomingBooking(shop, grace, start, "K7Q2MX");

    const { instructions } = await answer(shop, grace);
    expect(instructions).toContain(`Returning caller: this caller has called before (2 recent calls), from ${grace}.`);
    expect(instructions).toContain("Their name: Grace Hopper. Greet them by name.");
    expect(instructions).toContain("They spoke Spanish last time");
    expect(instructions).toContain(`Their last call, on ${businessDate(new Date(lastAt), ZONE)}: "[NAME] asked about a boiler service."`);
    expect(instructions).toContain(`Their upcoming booking: Boiler service on ${slotLabel(new Date(start), ZONE)} (confirmation code K7Q2MX).`);
    expect(instructions).toContain("ask only for what is missing");
  });

  it("a first-time caller gets no memory, and a past or canceled booking is not upcoming", async () => {
    expect((await answer(shop, caller())).instructions).not.toContain("Returning caller");
    const ada = caller();
    await earlierCall(shop, ada, { daysAgo: 1 });
    await upcomingBooking(shop, ada, Date.now() - DAY, "PAST01");
    const { instructions } = await answer(shop, ada);
    expect(instructions).toContain("Returning caller");
    expect(instructions).not.toContain("upcoming booking");
  });

  it("is bounded: the 3 latest calls within 90 days, so the 4th-latest and older calls are left out", async () => {
    const alan = caller();
    await earlierCall(shop, alan, { daysAgo: 100, summary: "Too old to remember.", entityName: "Ninety Days" });
    expect((await answer(shop, alan)).instructions).not.toContain("Returning caller");

    await earlierCall(shop, alan, { daysAgo: 40, summary: "The fourth-latest call.", entityName: "Fourth Latest", language: "fr" });
    for (const daysAgo of [30, 20]) await earlierCall(shop, alan, { daysAgo });
    await earlierCall(shop, alan, { daysAgo: 10, summary: "The latest call." });
    const { instructions } = await answer(shop, alan);
    expect(instructions).toContain("(3 recent calls)");
    expect(instructions).toContain(': "The latest call."');
    for (const forgotten of ["Fourth Latest", "fourth-latest", "French", "Ninety Days", "Too old"]) expect(instructions).not.toContain(forgotten);
  });

  it("never crosses businesses: each remembers only its own calls and bookings", async () => {
    const grace = caller();
    await earlierCall(shop, grace, { daysAgo: 3, summary: "Asked the shop about a leak.", leadName: "Grace Hopper" });
    await upcomingBooking(shop, grace, Date.now() + 5 * DAY, "SHOP01");
    await earlierCall(other, grace, { daysAgo: 1, summary: "Asked the other business for a quote.", leadName: "Grace Other" });

    const atShop = (await answer(shop, grace)).instructions;
    expect(atShop).toContain("Asked the shop about a leak.");
    expect(atShop).toContain("SHOP01");
    expect(atShop).not.toContain("quote");
    expect(atShop).not.toContain("Grace Other");
    const atOther = (await answer(other, grace)).instructions;
    expect(atOther).toContain("Their name: Grace Other.");
    expect(atOther).toContain("(1 recent call)");
    expect(atOther).not.toContain("leak");
    expect(atOther).not.toContain("SHOP01");
    const stranger = caller();
    await earlierCall(other, stranger, { daysAgo: 1 });
    expect((await answer(shop, stranger)).instructions).not.toContain("Returning caller");
  });
});

describe("a caller who is not remembered", () => {
  /** A call that ended and waits for its analysis, with what the caller said. */
  async function pendingCall(to: Business, from: string, said: string, kind: "conversation" | "test" = "conversation") {
    const id = crypto.randomUUID();
    await env.DB.prepare(
      `insert into calls (id, call_sid, organization_id, kind, from_number, to_number, transcript, direction, status, processing_status, created_at)
       values (?, ?, ?, ?, ?, ?, ?, 'inbound', 'completed', 'pending', ?)`,
    )
      .bind(id, callSid(), to.id, kind, from, to.number, JSON.stringify([{ role: "user", content: said }]), Date.now() - DAY)
      .run();
    expect(await analyzeDueCall(testServices(), id, callEffectsOf)).toBeNull();
    return id;
  }

  it("the analysis stores the caller's language; saying 'don't keep my details' forgets them from then on", async () => {
    const lucia = caller();
    const spanish = await pendingCall(shop, lucia, "Hola, soy Lucía Fernández, quiero una cita para mañana.");
    expect(await env.DB.prepare("select language from calls where id = ?").bind(spanish).first("language")).toBe("es");
    expect((await answer(shop, lucia)).instructions).toContain("They spoke Spanish last time");

    const optOut = await pendingCall(shop, lucia, "Thanks. Please don't keep my details after this call.");
    const row = await env.DB.prepare("select call_id from caller_memory_opt_outs where organization_id = ? and phone = ?").bind(shop.id, lucia).first();
    expect(row).toEqual({ call_id: optOut });
    expect((await answer(shop, lucia)).instructions).not.toContain("Returning caller");
    // Only at this business: another one she called still knows her.
    await earlierCall(other, lucia, { daysAgo: 1, leadName: "Lucía Fernández" });
    expect((await answer(other, lucia)).instructions).toContain("Their name: Lucía Fernández.");
  });

  it("a Test Suite call saying so forgets nobody, and feeds no memory", async () => {
    const number = caller();
    await pendingCall(shop, number, "Hi, this is Ada Lovelace. Don't keep my details.", "test");
    expect(await env.DB.prepare("select count(*) as n from caller_memory_opt_outs where phone = ?").bind(number).first("n")).toBe(0);
    await earlierCall(shop, number, { daysAgo: 1, kind: "test", leadName: "Synthetic Caller" });
    expect((await answer(shop, number)).instructions).not.toContain("Returning caller");
  });

  it("a Test Suite call gets no memory of a real caller from its number", async () => {
    const grace = caller();
    await earlierCall(shop, grace, { daysAgo: 1, leadName: "Grace Hopper" });
    const sid = callSid();
    await env.DB.prepare("insert into test_runs (id, organization_id, scenario, lines, expect, call_sid) values (?, ?, 'lead', '[]', 'lead', ?)")
      .bind(crypto.randomUUID(), shop.id, sid)
      .run();
    expect((await answer(shop, grace, sid)).instructions).not.toContain("Grace Hopper");
  });

  it("calls whose transcript and summary the retention purge cleared are not remembered", async () => {
    const grace = caller();
    await earlierCall(purged, grace, { daysAgo: 8, leadName: "Grace Hopper" });
    expect((await answer(purged, grace)).instructions).toContain("Grace Hopper");
    await purgeExpiredCallData(testServices());
    expect((await answer(purged, grace)).instructions).not.toContain("Returning caller");
  });
});

describe("the call detail counts the caller's earlier calls", () => {
  it("previous_calls: inbound calls from that number to this business before this one, Test Suite and screened calls left out", async () => {
    const grace = caller();
    for (const earlier of [
      { daysAgo: 200 },
      { daysAgo: 5, summary: null },
      { daysAgo: 4, kind: "voicemail" as const },
      { daysAgo: 3, kind: "test" as const },
      { daysAgo: 2, direction: "outbound" as const },
    ])
      await earlierCall(shop, grace, earlier);
    await earlierCall(other, grace, { daysAgo: 1 });
    await earlierCall(shop, caller(), { daysAgo: 1 });

    const first = await answer(shop, grace);
    expect(await callerOf(first.tool.callId)).toEqual({ returning: true, previous_calls: 3 });
    const second = await answer(shop, grace);
    expect(await callerOf(second.tool.callId)).toEqual({ returning: true, previous_calls: 4 });
    expect(await callerOf(first.tool.callId)).toEqual({ returning: true, previous_calls: 3 });
    const list = (await (await call("/api/calls", { cookie: owner.cookie })).json()) as { calls: { id: string; caller: unknown }[] };
    expect(list.calls.find((row) => row.id === second.tool.callId)?.caller).toEqual({ returning: true, previous_calls: 4 });

    const stranger = await answer(shop, caller());
    expect(await callerOf(stranger.tool.callId)).toEqual({ returning: false, previous_calls: 0 });

    // A screened call (silent, spam) is no visit: it neither counts nor is counted as a returning caller's.
    await env.DB.prepare("update calls set screened = 'talk_over' where id = ?").bind(first.tool.callId).run();
    expect(await callerOf(second.tool.callId)).toEqual({ returning: true, previous_calls: 3 });
    expect(await callerOf(first.tool.callId)).toEqual({ returning: false, previous_calls: 0 });
  });
});

describe("the lookup on the answer path", () => {
  it("is made only when the call's context finds an analysed inbound call of theirs to this business within 90 days", async () => {
    const db = createD1Database(env.DB);
    const rememberable = async (from: string) => (await callContextFor(db, shop.number, PLATFORM_ACCOUNT, callSid(), from))?.rememberable;
    const ada = caller();
    expect(await rememberable(ada)).toBe(false);
    for (const earlier of [{ daysAgo: 2, summary: null }, { daysAgo: 100 }, { daysAgo: 1, kind: "voicemail" as const }, { daysAgo: 1, kind: "test" as const }])
      await earlierCall(shop, ada, earlier);
    await earlierCall(other, ada, { daysAgo: 1 });
    expect(await rememberable(ada)).toBe(false);
    await earlierCall(shop, ada, { daysAgo: 1 });
    expect(await rememberable(ada)).toBe(true);
  });

  it("is one indexed read: the caller's calls by organization and number, no scan of the calls table", async () => {
    const { sql, params } = memoryQuery(createD1Database(env.DB)).getQuery();
    const values = { organizationId: shop.id, caller: "+13125559999", callSid: "CA0", since: 0, now: Date.now() };
    const plan = await env.DB.prepare(`explain query plan ${sql}`)
      .bind(...fillPlaceholders(params, values))
      .all<{ detail: string }>();
    const steps = plan.results.map((step) => step.detail);
    expect(steps.some((step) => /SEARCH .*calls.* USING INDEX calls_org_from_created_idx/.test(step))).toBe(true);
    expect(steps.filter((step) => /^SCAN /.test(step))).toEqual([]);
  });
});

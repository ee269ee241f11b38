import { env } from "cloudflare:test";
import { TURN_TAKING_DEFAULTS } from "@nikki/core";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Database, createD1Database } from "../src/db/client";
import { knowledgeEntries, phoneNumbers } from "../src/db/schema";
import { LOOKUP_INSTRUCTION } from "../src/knowledge/in-instructions";
import { KNOWLEDGE_BUDGET_CHARS, agentKnowledge } from "../src/knowledge/reader";
import { createLogger } from "../src/logger";
import { answerCall } from "../src/voice/answer";
import { PLATFORM_ACCOUNT, callContextFor } from "../src/voice/call-context";
import { sessionUpdate } from "../src/voice/realtime-session";
import type { CallSetup } from "../src/rpc/call-session";
import { runTool } from "../src/voice/tools";
import { call, signUp } from "./accounts";
import { answeredSetup, testAnswerDeps } from "./answer-deps";
import { addAgents, insertEntries, pagesOf } from "./knowledge-entries";
import { testServices } from "./services";
import { SIMULATED } from "./simulators";
import { toolDepsOf } from "./tool-call";
import { anyCaller, callSid, twilioPost } from "./twilio";

/** Issue 39 §3: what an agent knows at answer time, on calls, the website chat and SMS, from knowledge entries. */
const db: Database = createD1Database(env.DB);
const log = createLogger({ test: "knowledge-answers" }, "error");

interface Business {
  organizationId: string;
  agentId: string;
  otherAgentId: string;
  number: string;
  widgetKey: string;
}

async function business(company: string): Promise<Business> {
  const { organizationId } = await signUp({ company });
  const agents = await addAgents(db, organizationId);
  const number = `+1312555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
  await db.insert(phoneNumbers).values({ organizationId, twilioNumber: number, assignedAgentId: agents.agentId, status: "active" });
  const widgetKey = (await env.DB.prepare("select public_key from widget_keys where organization_id = ?").bind(organizationId).first<string>("public_key"))!;
  return { ...agents, number, widgetKey };
}

/** Pages of filler, none about prices, hours, areas or policies, that take a business past the instructions' budget. */
function filler(organizationId: string, pages: number) {
  const words = "our team story community picnic volunteers newsletter photos award ceremony charity garden mural festival".split(" ");
  return Array.from({ length: pages }, (_, page) => ({
    organizationId,
    title: `News ${page}`,
    body: Array.from({ length: 110 }, (_, word) => words[(page * 7 + word * 3) % words.length]).join(" "),
    sourceUrl: `https://acme.test/news/${page}`,
  }));
}

/** A call to the business's number answered; given an agent, a call the business placed from it for that agent. */
async function answer(number: string, agentId?: string): Promise<CallSetup> {
  const sid = callSid();
  const ends = agentId
    ? { direction: "outbound" as const, from: number, to: anyCaller(), agentId }
    : { direction: "inbound" as const, from: anyCaller(), to: number };
  await answerCall(testAnswerDeps(log), { ...ends, callSid: sid, account: { ...PLATFORM_ACCOUNT, authToken: SIMULATED.twilioAuthToken } });
  return (await answeredSetup(sid))!;
}

const chat = async (shop: Business, question: string) =>
  ((await (await call(`/api/chat?key=${shop.widgetKey}`, { body: { messages: [{ role: "user", content: question }] } })).json()) as { reply: string }).reply;

async function text(shop: Business, body: string) {
  const response = await twilioPost("/twilio/messaging/inbound", {
    MessageSid: `SM${callSid().slice(2)}`,
    From: anyCaller(),
    To: shop.number,
    Body: body,
    AccountSid: env.TWILIO_ACCOUNT_SID!,
  });
  return /<Message>([\s\S]*)<\/Message>/.exec(await response.text())?.[1] ?? "";
}

interface Found {
  ok: boolean;
  sections: { title: string; text: string; source: string; source_url: string | null }[];
  note?: string;
}

async function lookup(setup: CallSetup, query: string): Promise<Found> {
  const services = testServices();
  return (await runTool("lookup_knowledge", JSON.stringify({ query }), setup.tool, await toolDepsOf(setup.tool, services, log))) as unknown as Found;
}

let small: Business;
let large: Business;
let pricesId = "";

beforeAll(async () => {
  small = await business("Small Plumbing");
  large = await business("Large Plumbing");
  await insertEntries(db, [
    ...pagesOf(small.organizationId),
    { organizationId: small.organizationId, kind: "qa", source: "question", question: "Do you fix boilers?", answer: "Yes, every make of boiler." },
    { organizationId: small.organizationId, source: "typed", title: "", body: "Ask for Sam for gas work.", boxOfAgentId: small.agentId },
  ]);
  pricesId = (await insertEntries(db, [...pagesOf(large.organizationId), ...filler(large.organizationId, 40)]))[0]!;
});

describe("small knowledge", () => {
  it("goes into a call's instructions, each section with its source, and no lookup tool is offered", async () => {
    const setup = await answer(small.number);
    expect(setup.instructions).toContain(
      "What you know about the business:\n[typed by the business] Ask for Sam for gas work.\n[the business's answer to a caller's question] Do you fix boilers: Yes, every make of boiler.\n",
    );
    expect(setup.instructions).toContain("[from https://acme.test/prices] Prices: A drain cleaning is $149. Water heater installs start at $1,200.");
    expect(setup.tool.tools).not.toContain("lookup_knowledge");
    expect(setup.instructions).not.toContain(LOOKUP_INSTRUCTION);
  });

  it("fits up to 20,000 characters; one more and it is looked up", async () => {
    const { organizationId, agentId } = await business("Budget Plumbing");
    const [entry] = await insertEntries(db, [{ organizationId, title: "", body: "x".repeat(KNOWLEDGE_BUDGET_CHARS) }]);
    expect(await agentKnowledge(db, organizationId, agentId)).toMatchObject({ lookup: false, sections: [{ text: "x".repeat(KNOWLEDGE_BUDGET_CHARS) }] });
    await db.update(knowledgeEntries).set({ title: "y" }).where(eq(knowledgeEntries.id, entry!));
    expect(await agentKnowledge(db, organizationId, agentId)).toEqual({ lookup: true, sections: [] });
  });
});

describe("on the voice webhook", () => {
  it("comes with the call's context (no read of its own), as every channel reads it; not for other uses of the context", async () => {
    for (const shop of [small, large]) {
      const context = await callContextFor(db, shop.number, PLATFORM_ACCOUNT, callSid(), anyCaller());
      expect(context?.knowledge).toEqual(await agentKnowledge(db, shop.organizationId, shop.agentId));
    }
    expect((await callContextFor(db, large.number, PLATFORM_ACCOUNT, callSid(), anyCaller()))?.knowledge).toEqual({ lookup: true, sections: [] });
    expect((await callContextFor(db, small.number, PLATFORM_ACCOUNT))?.knowledge).toBeNull();
  });
});

describe("knowledge beyond the budget", () => {
  it("offers lookup_knowledge on the call, which returns the 3 best sections with their sources", async () => {
    const setup = await answer(large.number);
    expect(setup.tool.tools).toContain("lookup_knowledge");
    expect(setup.instructions).toContain(LOOKUP_INSTRUCTION);
    expect(setup.instructions).not.toContain("What you know about the business:");
    expect(
      JSON.stringify(sessionUpdate({ model: "m", instructions: "", voice: "alloy", tools: setup.tool.tools, turnTaking: TURN_TAKING_DEFAULTS })),
    ).toContain('"name":"lookup_knowledge"');

    const found = await lookup(setup, "How much would unclogging my drain cost on a Saturday, out in Springfield?");
    expect(found.sections.map((section) => section.title)).toEqual(["Prices", expect.any(String), expect.any(String)]);
    expect(found.sections.map((section) => section.title)).toContain("Where we work");
    for (const section of found.sections) expect(section).toMatchObject({ source: "website", source_url: expect.stringMatching(/^https:\/\/acme\.test\//) });
    expect(found.sections[0]).toEqual({
      title: "Prices",
      text: "A drain cleaning is $149. Water heater installs start at $1,200.",
      source: "website",
      source_url: "https://acme.test/prices",
    });
    expect(await lookup(setup, "quantum chromodynamics")).toMatchObject({ ok: true, sections: [], note: expect.stringContaining("offer to take a message") });
  });

  it("stays in step with the entries: an edit is found, a disabled or deleted entry never is", async () => {
    const setup = await answer(large.number);
    const first = async (query: string) => (await lookup(setup, query)).sections[0];
    await db.update(knowledgeEntries).set({ body: "A drain cleaning is $175 from January." }).where(eq(knowledgeEntries.id, pricesId));
    expect(await first("price of a drain cleaning")).toMatchObject({ title: "Prices", text: "A drain cleaning is $175 from January." });
    await db.update(knowledgeEntries).set({ enabled: false }).where(eq(knowledgeEntries.id, pricesId));
    expect((await first("price of a drain cleaning"))?.title).not.toBe("Prices");
    await db.update(knowledgeEntries).set({ enabled: true }).where(eq(knowledgeEntries.id, pricesId));
    expect((await first("price of a drain cleaning"))?.title).toBe("Prices");
    await db.delete(knowledgeEntries).where(eq(knowledgeEntries.id, pricesId));
    expect((await first("price of a drain cleaning"))?.title).not.toBe("Prices");
    pricesId = (await insertEntries(db, pagesOf(large.organizationId).slice(0, 1)))[0]!;
  });
});

describe("whose knowledge", () => {
  it("never another organization's, and an entry for some agents only reaches them", async () => {
    const [gold] = await insertEntries(db, [{ organizationId: large.organizationId, title: "Gold taps", body: "Gold-plated taps cost $9,999." }]);
    const [elis] = await insertEntries(db, [
      { organizationId: small.organizationId, title: "Eli's rota", body: "Eli covers night emergencies.", agentIds: JSON.stringify([small.otherAgentId]) },
    ]);
    const smallCall = await answer(small.number);
    expect(smallCall.instructions).not.toContain("Gold-plated");
    expect(smallCall.instructions).not.toContain("Eli covers");
    expect((await agentKnowledge(db, small.organizationId, small.otherAgentId)).sections.map((section) => section.title)).toContain("Eli's rota");
    // A call placed for that agent reads its own knowledge, not the number's agent's the context came with.
    expect((await answer(small.number, small.otherAgentId)).instructions).toContain("Eli covers night emergencies.");

    const largeCall = await answer(large.number);
    expect((await lookup(largeCall, "gold plated taps")).sections[0]?.title).toBe("Gold taps");
    await insertEntries(db, [{ organizationId: small.organizationId, title: "Golden taps", body: "We fit gold taps." }]);
    expect(JSON.stringify(await lookup({ ...largeCall, tool: { ...largeCall.tool, organizationId: small.organizationId } }, "gold plated taps"))).not.toContain(
      "9,999",
    );
    await db.delete(knowledgeEntries).where(eq(knowledgeEntries.id, gold!));
    await db.delete(knowledgeEntries).where(eq(knowledgeEntries.id, elis!));
  });
});

describe("the same knowledge on every channel", () => {
  it("the website chat and SMS answer from it, small or beyond the budget", async () => {
    for (const shop of [small, large]) {
      expect(await chat(shop, "How much is a drain cleaning?")).toContain("$149");
      expect(await text(shop, "How much is a drain cleaning?")).toContain("$149");
      expect(await chat(shop, "Which towns do you cover?")).toContain("Shelbyville");
      expect(await text(shop, "Which towns do you cover?")).toContain("Shelbyville");
    }
  });

  it("every channel's instructions forbid inventing prices, hours or policies, offer to take a message, and keep the sources unsaid", async () => {
    const rule = "Never invent prices, hours, policies or any other fact about the business that is not in what you know about the business";
    expect((await answer(small.number)).instructions).toContain(rule);
    expect((await answer(large.number)).instructions).toContain(`${rule} or what lookup_knowledge returns`);
    const asked = "Do you offer a senior discount?";
    await chat(small, asked);
    await text(small, asked);
    const requests = (await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__chat-requests`)).json()) as { messages: { content: string }[] }[];
    const systems = requests.filter((request) => request.messages.at(-1)?.content === asked).map((request) => request.messages[0]!.content);
    expect(systems).toHaveLength(2);
    for (const system of systems) {
      expect(system).toContain(`${rule}. When you do not know, say so and offer to take a message`);
      expect(system).toContain("never read a source, a web address or a bracket out");
    }
  });
});

/**
 * Questions nobody answered (issue 39 §4) and grounding (§5): a caller asks what the agent's knowledge does not say;
 * the agent says it does not know instead of inventing, and the analysis records the question on the call and in the
 * organization's list, grouped by normalized text or by the open question it restates, with a draft from the
 * business's knowledge. The owner answers it (a knowledge entry) or dismisses it; the morning digest lists it once.
 */
import { QUESTION_MESSAGES, SPEND_PRICES_MICRO_USD, knowledgeBoxTitle } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "../src/db/client";
import { sendMorningDigests } from "../src/jobs/morning-digest";
import { recordQuestions } from "../src/knowledge/record-questions";
import { analyzeDueCall } from "../src/after-call/analysis";
import { type SignedUp, call, inviteAndJoin, signUp } from "./accounts";
import { ZONE, twilioMessages } from "./booking";
import { testServices } from "./services";
import { SIMULATED } from "./simulators";
import { liveCall } from "./spoken-call";
import { callSid, until } from "./twilio";
import { callEffectsOf } from "../src/test-suite/call-effects-of";

const ALWAYS_OPEN = Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, [{ open: "00:00", close: "23:59" }]]));
const KNOWLEDGE = "We fix leaks and unblock drains. Drain cleaning is $149.";
/** On the business's website, for another agent: this agent does not know it, the owner's draft may use it. */
const PARKING = "Customers park free in the lot behind the shop.";
/** The draft: the website section's sentence sharing the most words with the question. */
const DRAFT = `Parking: ${PARKING}`;
const NOT_KNOWN = "I'm sorry, I don't know that. I can have someone from the team get back to you.";

interface Question {
  id: string;
  text: string;
  count: number;
  call_ids: string[];
  suggested_answer: string | null;
}

let owner: SignedUp;
let viewer: SignedUp;
let number: string;
let firstCallId: string;
/** Rosa, whose knowledge box holds KNOWLEDGE. */
let agentId: string;

const questionsOf = async (who: SignedUp, query = "") => {
  const response = await call(`/api/knowledge/questions${query}`, { cookie: who.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as { questions: Question[]; next_cursor: string | null };
};
const rowOf = (normalized: string, organizationId = owner.organizationId) =>
  env.DB.prepare("select * from knowledge_questions where organization_id = ? and normalized = ?")
    .bind(organizationId, normalized)
    .first<Record<string, unknown>>();

/** A finished call of the business, its transcript as given, waiting for its analysis. */
async function pendingCall(lines: [string, string][], kind = "conversation", answeredBy: string | null = null): Promise<string> {
  const id = crypto.randomUUID();
  const transcript = JSON.stringify(lines.map(([role, content]) => ({ role, content })));
  await env.DB.prepare(
    "insert into calls (id, call_sid, organization_id, agent_id, direction, kind, from_number, to_number, transcript, status, processing_status) values (?, ?, ?, ?, 'inbound', ?, '+14155550177', ?, ?, 'completed', 'pending')",
  )
    .bind(id, callSid(), owner.organizationId, answeredBy, kind, number, transcript)
    .run();
  expect(await analyzeDueCall(testServices(), id, callEffectsOf)).toBeNull();
  return id;
}

beforeAll(async () => {
  owner = await signUp({ company: "Suite Plumbing" });
  viewer = await inviteAndJoin(owner, "viewer");
  const created = await call("/api/agents", {
    cookie: owner.cookie,
    body: { name: "Rosa", business_hours_tz: ZONE, hours_json: ALWAYS_OPEN, knowledge_base: KNOWLEDGE },
  });
  expect(created.status).toBe(201);
  const { agent } = (await created.json()) as { agent: { id: string } };
  agentId = agent.id;
  const other = crypto.randomUUID();
  await env.DB.prepare("insert into agents (id, organization_id, name, status) values (?, ?, 'Sam', 'inactive')").bind(other, owner.organizationId).run();
  await env.DB.prepare(
    "insert into knowledge_entries (id, organization_id, kind, title, body, source, source_url, agent_ids) values (?, ?, 'section', 'Parking', ?, 'website', 'https://suite.example/visit', ?)",
  )
    .bind(crypto.randomUUID(), owner.organizationId, PARKING, JSON.stringify([other]))
    .run();
  number = `+1646${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 10_000_000).padStart(7, "0")}`;
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), owner.organizationId, number, agent.id)
    .run();
});

describe("a question outside the knowledge, on a call", { timeout: 60_000 }, () => {
  it("is not answered with an invented fact, and is recorded as unanswered with a draft from the business's knowledge", async () => {
    const sid = callSid();
    const live = await liveCall(sid, "+14155550141", number);
    await live.say("Hi, this is Ann Lee. Do you have parking for customers?");
    await live.say("How much is drain cleaning?");
    const stored = await live.hangUp();
    firstCallId = live.callId;

    const transcript = JSON.parse(String(stored.transcript)) as { role: string; content: string }[];
    const answerTo = (asked: string) => transcript[transcript.findIndex((entry) => entry.role === "user" && entry.content.includes(asked)) + 1]?.content ?? "";
    // What the agent knows it says; what it does not, it says it does not know: no parking fact from anywhere.
    expect(answerTo("parking")).toMatch(new RegExp(`^${NOT_KNOWN.replace(/[.?]/g, "\\$&")}`));
    expect(answerTo("parking")).not.toMatch(/park\b|free|lot|\$/i);
    expect(answerTo("drain cleaning")).toContain("Drain cleaning is $149.");

    expect(JSON.parse(String(stored.unanswered_questions))).toEqual(["Do you have parking for customers?"]);
    expect(await rowOf("parking customers")).toMatchObject({
      text: "Do you have parking for customers?",
      count: 1,
      call_ids: JSON.stringify([live.callId]),
      suggested_answer: DRAFT,
      status: "open",
    });
    const { questions } = await questionsOf(viewer);
    expect(questions).toEqual([
      expect.objectContaining({ text: "Do you have parking for customers?", count: 1, call_ids: [live.callId], suggested_answer: DRAFT }),
    ]);
  });
});

describe("grouping", () => {
  it("counts the same normalized question from another call once per call, even analysed again", async () => {
    const db = createD1Database(env.DB);
    const again = { text: "Is there ANY parking for customers, please?!", restates: "", suggestedAnswer: null };
    await recordQuestions(db, owner.organizationId, "call-b", [again]);
    await recordQuestions(db, owner.organizationId, "call-b", [again]);
    const row = await rowOf("parking customers");
    expect(row).toMatchObject({ text: "Do you have parking for customers?", count: 2, suggested_answer: DRAFT });
    expect(JSON.parse(String(row?.call_ids))).toEqual([firstCallId, "call-b"]);
  });

  it("links a question in other words to the open one the analysis says it restates", async () => {
    const callId = await pendingCall([
      ["assistant", "Thanks for calling Suite Plumbing, this is Rosa. How can I help?"],
      ["user", "Is there customer parking for my van?"],
      ["assistant", `${NOT_KNOWN} Can I take your name and number, so the team can follow up?`],
    ]);
    expect(await rowOf("customer parking van")).toBeNull();
    const row = await rowOf("parking customers");
    expect(row?.count).toBe(3);
    expect(JSON.parse(String(row?.call_ids))).toEqual([firstCallId, "call-b", callId]);
    const stored = await env.DB.prepare("select unanswered_questions from calls where id = ?").bind(callId).first<string>("unanswered_questions");
    expect(JSON.parse(stored!)).toEqual(["Is there customer parking for my van?"]);
  });

  it("keeps a Test Suite call's questions on the call, out of the owner's list, and drafts nothing the knowledge does not say", async () => {
    const tiles = [["user", "Do you sell roof tiles?"] as [string, string], ["assistant", NOT_KNOWN] as [string, string]];
    const testCall = await pendingCall(tiles, "test");
    expect(
      JSON.parse((await env.DB.prepare("select unanswered_questions from calls where id = ?").bind(testCall).first<string>("unanswered_questions"))!),
    ).toEqual(["Do you sell roof tiles?"]);
    expect(await rowOf("sell roof tiles")).toBeNull();
    await pendingCall(tiles);
    expect(await rowOf("sell roof tiles")).toMatchObject({ count: 1, suggested_answer: null });
  });
});

describe("the questions list", () => {
  it("lists open questions most asked first, a page of 50 with a marker, only the caller's organization's", async () => {
    const other = await signUp({ company: "Busy Bakery" });
    for (let i = 0; i < 52; i++)
      await env.DB.prepare(
        "insert into knowledge_questions (id, organization_id, text, normalized, count, call_ids, updated_at) values (?, ?, ?, ?, ?, '[]', ?)",
      )
        .bind(`q-${i}`, other.organizationId, `Question ${i}?`, `question ${i}`, 1 + (i % 3), 1_764_000_000_000 + i)
        .run();
    const first = await questionsOf(other);
    expect(first.questions).toHaveLength(50);
    expect(first.questions.slice(0, 2).map((question) => [question.text, question.count])).toEqual([
      ["Question 50?", 3],
      ["Question 47?", 3],
    ]);
    const second = await questionsOf(other, `?cursor=${first.next_cursor}`);
    expect(second).toEqual({
      questions: [expect.objectContaining({ text: "Question 3?" }), expect.objectContaining({ text: "Question 0?" })],
      next_cursor: null,
    });
    expect((await questionsOf(owner)).questions.map((question) => question.text)).toEqual(["Do you have parking for customers?", "Do you sell roof tiles?"]);
    expect((await call("/api/knowledge/questions?cursor=nope", { cookie: owner.cookie })).status).toBe(400);
  });
});

describe("answering a question", () => {
  it("makes it a knowledge entry for every agent, answered once; viewers and other organizations cannot", async () => {
    const { questions } = await questionsOf(owner);
    const parking = questions.find((question) => question.text.includes("parking"))!;
    const answer = (who: SignedUp, body: unknown, id = parking.id) => call(`/api/knowledge/questions/${id}/answer`, { cookie: who.cookie, body });

    expect((await answer(viewer, { answer: PARKING })).status).toBe(403);
    expect((await answer(await signUp({ company: "Elsewhere" }), { answer: PARKING })).status).toBe(404);
    const empty = await answer(owner, { answer: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { code: "validation_failed", fields: { answer: QUESTION_MESSAGES.answerRequired } } });

    const answered = await answer(owner, { answer: ` ${PARKING} ` });
    expect(answered.status).toBe(201);
    const { entry } = (await answered.json()) as { entry: Record<string, unknown> };
    expect(entry).toMatchObject({
      kind: "qa",
      source: "question",
      question: "Do you have parking for customers?",
      answer: PARKING,
      agent_ids: [],
      enabled: true,
      edited: false,
    });
    expect(await rowOf("parking customers")).toMatchObject({ status: "answered", answer_entry_id: entry.id });
    const stored = await env.DB.prepare("select organization_id, source, enabled from knowledge_entries where id = ?").bind(entry.id).first();
    expect(stored).toEqual({ organization_id: owner.organizationId, source: "question", enabled: 1 });
    expect((await questionsOf(owner)).questions.map((question) => question.text)).toEqual(["Do you sell roof tiles?"]);

    const twice = await answer(owner, { answer: "Again." });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ error: { code: "conflict", message: QUESTION_MESSAGES.alreadyAnswered } });
  });

  it("dismisses a question out of the list", async () => {
    const [tiles] = (await questionsOf(owner)).questions;
    expect((await call(`/api/knowledge/questions/${tiles!.id}/dismiss`, { cookie: viewer.cookie, body: {} })).status).toBe(403);
    expect((await call(`/api/knowledge/questions/${tiles!.id}/dismiss`, { cookie: owner.cookie, body: {} })).status).toBe(204);
    expect((await questionsOf(owner)).questions).toEqual([]);
    expect((await call(`/api/knowledge/questions/${tiles!.id}/dismiss`, { cookie: owner.cookie, body: {} })).status).toBe(409);
  });
});

describe("the morning digest", () => {
  it("lists the new questions once", async () => {
    const digestPhone = "+14155550198";
    await env.DB.prepare("update organization_settings set digest_phone = ?, last_digest_date = null where organization_id = ?")
      .bind(digestPhone, owner.organizationId)
      .run();
    const db = createD1Database(env.DB);
    await recordQuestions(db, owner.organizationId, "call-c", [{ text: "Do you work on Sundays?", restates: "", suggestedAnswer: null }]);
    await recordQuestions(db, owner.organizationId, "call-d", [{ text: "do you work on sundays", restates: "", suggestedAnswer: null }]);
    const morning = new Date(Date.UTC(2031, 0, 15, 14, 0)); // 09:00 in New York
    await sendMorningDigests(testServices(), morning);
    const texts = async () => (await twilioMessages()).filter((message) => message.form.To === digestPhone);
    const [digest] = await texts();
    expect(digest?.form.Body).toBe(
      `Good morning from Nikki! For Suite Plumbing:\n\nNew questions your agent could not answer (1):\n• "Do you work on Sundays?" - asked 2 times\nAnswer them in Knowledge, under Questions to answer: your agent uses the answers from the next call on.`,
    );
    expect(await rowOf("work sundays")).toMatchObject({ digested_at: morning.getTime(), status: "open" });
    await sendMorningDigests(testServices(), new Date(morning.getTime() + 86_400_000));
    expect(await texts()).toHaveLength(1);
  });
});

describe("a question outside the knowledge, in the website chat", () => {
  it("is not answered with an invented fact, and is recorded as unanswered, the chat named in its list", async () => {
    await env.DB.prepare("update organization_settings set allowed_origins = ? where organization_id = ?")
      .bind('["https://suite.example"]', owner.organizationId)
      .run();
    const key = await env.DB.prepare("select public_key from widget_keys where organization_id = ? and revoked_at is null")
      .bind(owner.organizationId)
      .first<string>("public_key");
    const spentToday = async () => (await meter.snapshot(new Date().toISOString().slice(0, 10))).spent;
    const meter = env.SPEND_METER.get(env.SPEND_METER.idFromName(owner.organizationId));
    const before = await spentToday();
    const response = await call(`/api/chat?key=${key}`, {
      body: { messages: [{ role: "user", content: "Do you have a waiting room?" }] },
      origin: "https://suite.example",
      headers: { "cf-connecting-ip": "203.0.113.77" },
    });
    expect(response.status).toBe(200);
    const first = (await response.json()) as { reply: string; signature: string };
    expect(first.reply).toBe(NOT_KNOWN);
    const row = await until(() => rowOf("waiting room"));
    expect(row).toMatchObject({ text: "Do you have a waiting room?", count: 1, suggested_answer: null, status: "open" });
    expect(JSON.parse(String(row.call_ids))).toEqual([expect.stringMatching(/^chat:[0-9a-f-]{36}$/)]);

    // The visitor asks something else: the chat's earlier question is context for that reply, not asked again.
    const followUp = await call(`/api/chat?key=${key}`, {
      body: {
        messages: [
          { role: "user", content: "Do you have a waiting room?" },
          { role: "assistant", content: first.reply, sig: first.signature },
          { role: "user", content: "Can I bring my parrot along?" },
        ],
      },
      origin: "https://suite.example",
      headers: { "cf-connecting-ip": "203.0.113.77" },
    });
    expect(followUp.status).toBe(200);
    expect(await until(() => rowOf("bring parrot along"))).toMatchObject({ count: 1 });
    expect(await rowOf("waiting room")).toMatchObject({ count: 1 });
    // Every model call counts against the daily spending limit: each reply and the analysis that read it.
    const charged = 2 * (SPEND_PRICES_MICRO_USD.chatReply + SPEND_PRICES_MICRO_USD.analysis);
    const counted = async () => (await spentToday()) - before;
    expect(await until(async () => ((await counted()) >= charged ? counted() : null)).catch(counted)).toBe(charged);
  });
});

describe("a question asked again after the owner acted on it", () => {
  it("is open again when answered (the answer did not reach the agent), and stays out of the list when dismissed", async () => {
    const db = createD1Database(env.DB);
    await recordQuestions(db, owner.organizationId, "call-e", [{ text: "Do you have parking for customers?", restates: "", suggestedAnswer: null }]);
    await recordQuestions(db, owner.organizationId, "call-f", [{ text: "Do you sell roof tiles?", restates: "", suggestedAnswer: null }]);
    expect(await rowOf("parking customers")).toMatchObject({ status: "open", count: 4, answer_entry_id: expect.any(String) });
    expect(await rowOf("sell roof tiles")).toMatchObject({ status: "dismissed", count: 2 });
    expect((await questionsOf(owner)).questions.map((question) => question.text)).toContain("Do you have parking for customers?");
  });
});

describe("the agent's knowledge box in the analyses", () => {
  const draftFor = (text: string) =>
    env.DB.prepare("select suggested_answer from knowledge_questions where organization_id = ? and text = ?")
      .bind(owner.organizationId, text)
      .first<string | null>("suggested_answer");

  it("is what a call's analysis drafts from, for the agent that answered", async () => {
    await pendingCall(
      [
        ["user", "How much is drain cleaning?"],
        ["assistant", NOT_KNOWN],
      ],
      "conversation",
      agentId,
    );
    expect(await draftFor("How much is drain cleaning?")).toBe("Drain cleaning is $149.");
  });

  it("is shown to the chat's question analysis", async () => {
    const key = await env.DB.prepare("select public_key from widget_keys where organization_id = ? and revoked_at is null")
      .bind(owner.organizationId)
      .first<string>("public_key");
    const asked = "Do you repair garden sheds?";
    const response = await call(`/api/chat?key=${key}`, {
      body: { messages: [{ role: "user", content: asked }] },
      origin: "https://suite.example",
      headers: { "cf-connecting-ip": "203.0.113.78" },
    });
    expect(response.status).toBe(200);
    const analysis = await until(async () => {
      const requests = (await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__chat-requests`)).json()) as { messages: { content: string }[] }[];
      return requests.find((request) => request.messages[0]?.content.startsWith("You read the last exchange") && request.messages[1]?.content.includes(asked));
    });
    expect(analysis.messages[0]!.content).toContain(`${knowledgeBoxTitle("Rosa")}: ${KNOWLEDGE}`);
  });
});

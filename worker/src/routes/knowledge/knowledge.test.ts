import { KNOWLEDGE_MESSAGES as M, type KnowledgeEntry } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call, inviteAndJoin, signUp } from "../../../test/accounts";

interface Page {
  entries: KnowledgeEntry[];
  next_cursor: string | null;
}

const create = (who: SignedUp, body: unknown) => call("/api/knowledge", { cookie: who.cookie, body });
const patch = (who: SignedUp, id: string, body: unknown) => call(`/api/knowledge/${id}`, { method: "PATCH", cookie: who.cookie, body });
const entryIn = async (response: Response) => ((await response.json()) as { entry: KnowledgeEntry }).entry;
const list = async (who: SignedUp, query = "") => {
  const response = await call(`/api/knowledge${query}`, { cookie: who.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
};
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

async function insertEntry(organizationId: string, values: { source?: string; title?: string; body?: string; updatedAt?: number; url?: string }) {
  const id = crypto.randomUUID();
  const at = values.updatedAt ?? Date.now();
  await env.DB.prepare(
    "insert into knowledge_entries (id, organization_id, kind, title, body, source, source_url, created_at, updated_at) values (?, ?, 'section', ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, organizationId, values.title ?? "Page", values.body ?? "Text", values.source ?? "website", values.url ?? null, at, at)
    .run();
  return id;
}

let owner: SignedUp;
let viewer: SignedUp;
let other: SignedUp;
beforeAll(async () => {
  owner = await signUp({ company: "Knowledge Dental" });
  viewer = await inviteAndJoin(owner, "viewer");
  other = await signUp({ company: "Other Dental" });
});

describe("POST /api/knowledge", () => {
  it("adds a typed question and answer for every agent, enabled", async () => {
    const response = await create(owner, { kind: "qa", question: "Do you have parking?", answer: "Yes, free parking behind the building." });
    expect(response.status).toBe(201);
    expect(await entryIn(response)).toMatchObject({
      kind: "qa",
      title: "",
      body: "",
      question: "Do you have parking?",
      answer: "Yes, free parking behind the building.",
      source: "typed",
      source_url: null,
      agent_ids: [],
      enabled: true,
      edited: false,
    });
  });

  it("adds a section for some agents: the organization's own only", async () => {
    const agent = (await (await call("/api/agents", { cookie: owner.cookie, body: { name: "Desk", status: "inactive" } })).json()) as { agent: { id: string } };
    const response = await create(owner, { kind: "section", title: "Prices", body: "A cleaning is $90.", agent_ids: [agent.agent.id, agent.agent.id] });
    expect(response.status).toBe(201);
    expect((await entryIn(response)).agent_ids).toEqual([agent.agent.id]);

    const foreign = (await (await call("/api/agents", { cookie: other.cookie, body: { name: "Theirs", status: "inactive" } })).json()) as {
      agent: { id: string };
    };
    const refused = await create(owner, { kind: "section", title: "Prices", body: "Text", agent_ids: [foreign.agent.id] });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields).toEqual({ agent_ids: M.agents });
  });

  it("refuses a missing field, one over its limit, and the other kind's fields, with their messages", async () => {
    const missing = await create(owner, { kind: "qa", question: "Why?" });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).fields).toEqual({ answer: M.answer });
    expect((await errorOf(await create(owner, { kind: "section", title: "T", body: "x".repeat(20_001) }))).fields).toEqual({ body: M.body });
    expect((await errorOf(await create(owner, { kind: "section", title: "T", body: "B", question: "Q?" }))).fields).toEqual({ question: M.notForSection });
    const unknown = await errorOf(await create(owner, { kind: "section", title: "T", body: "B", source: "website" }));
    expect(unknown.message).toBe("That is not a field of a knowledge entry: source");
  });

  it("is for owners and admins: a viewer reads but cannot add", async () => {
    const response = await create(viewer, { kind: "qa", question: "Q?", answer: "A." });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe("forbidden");
    expect((await list(viewer)).entries.length).toBeGreaterThan(0);
  });
});

describe("GET /api/knowledge", () => {
  let listed: SignedUp;
  beforeAll(async () => {
    listed = await signUp({ company: "Listed Spa" });
    await create(listed, { kind: "qa", question: "Do you take walk-ins?", answer: "Only on Saturdays." });
    await create(listed, { kind: "section", title: "Massage prices", body: "A 60-minute massage is $80; 100% natural oils." });
    await insertEntry(listed.organizationId, { title: "About us", body: "Family owned since 1990.", url: "https://spa.example/about" });
  });

  it("searches title, text, question and answer, every word, any case, wildcards taken literally", async () => {
    const titles = (page: Page) => page.entries.map((entry) => entry.title || entry.question);
    expect(titles(await list(listed, "?q=WALK-INS"))).toEqual(["Do you take walk-ins?"]);
    expect(titles(await list(listed, "?q=saturdays"))).toEqual(["Do you take walk-ins?"]);
    expect(titles(await list(listed, "?q=massage%20%2480"))).toEqual(["Massage prices"]);
    expect(titles(await list(listed, "?q=100%25"))).toEqual(["Massage prices"]);
    expect(titles(await list(listed, "?q=massage%20saturdays"))).toEqual([]);
    expect(titles(await list(listed, "?q=_"))).toEqual([]);
  });

  it("answers long and pasted searches (D1 refuses LIKE patterns over 50 bytes): what matches, or nothing", async () => {
    const searcher = await signUp({ company: "Long Words Spa" });
    const long = "x".repeat(49);
    await create(searcher, { kind: "section", title: "Long words", body: `The code is ${long} (forty-nine characters).` });
    const titles = (page: Page) => page.entries.map((entry) => entry.title);
    expect(titles(await list(searcher, `?q=${long}`))).toEqual(["Long words"]);
    expect(titles(await list(searcher, `?q=${long.toUpperCase()}%20code`))).toEqual(["Long words"]);
    expect(titles(await list(searcher, `?q=${"y".repeat(200)}`))).toEqual([]);
    expect(titles(await list(searcher, `?q=${"z".repeat(2_000)}`))).toEqual([]);
    const pasted =
      "Hi there, I was wondering whether you take walk-ins on Saturdays because my sister told me you did last year, and " +
      "I would love to book a massage for two with natural oils if possible, ideally in the afternoon after 3pm?";
    expect(titles(await list(searcher, `?q=${encodeURIComponent(pasted)}`))).toEqual([]);
    const tooLong = await call(`/api/knowledge?q=${"a".repeat(2_001)}`, { cookie: searcher.cookie });
    expect(tooLong.status).toBe(400);
    expect((await errorOf(tooLong)).fields).toEqual({ q: M.search });
  });

  it("filters by source and shows a website entry's address", async () => {
    const website = await list(listed, "?source=website");
    expect(website.entries).toHaveLength(1);
    expect(website.entries[0]).toMatchObject({ source: "website", source_url: "https://spa.example/about" });
    expect((await list(listed, "?source=typed")).entries).toHaveLength(2);
    expect((await list(listed, "?source=question")).entries).toEqual([]);
    const bad = await call("/api/knowledge?source=email", { cookie: listed.cookie });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toEqual({ source: M.source });
  });

  it("lists only the caller's organization", async () => {
    const theirs = await list(other);
    expect(theirs.entries.some((entry) => entry.question === "Do you take walk-ins?")).toBe(false);
  });

  it("pages recently changed first, 50 at a time, with next_cursor", async () => {
    const paged = await signUp({ company: "Paged Clinic" });
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 53; i++) await insertEntry(paged.organizationId, { title: `Page ${i}`, updatedAt: start + (i % 50) * 1000 });
    const first = await list(paged);
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]!.title).toMatch(/^Page (49)$/);
    expect(first.next_cursor).not.toBeNull();
    const second = await list(paged, `?cursor=${first.next_cursor}`);
    expect(second.entries).toHaveLength(3);
    expect(second.next_cursor).toBeNull();
    const ids = new Set([...first.entries, ...second.entries].map((entry) => entry.id));
    expect(ids.size).toBe(53);
    const times = [...first.entries, ...second.entries].map((entry) => entry.updated_at);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe("PATCH and DELETE /api/knowledge/:id", () => {
  it("changes an entry's fields, and marks an imported entry edited only when its text changes", async () => {
    const id = await insertEntry(owner.organizationId, { title: "Hours", body: "Open 9 to 5.", url: "https://dental.example/hours" });
    const disabled = await entryIn(await patch(owner, id, { enabled: false }));
    expect(disabled).toMatchObject({ enabled: false, edited: false });
    const edited = await entryIn(await patch(owner, id, { body: "Open 8 to 6." }));
    expect(edited).toMatchObject({ body: "Open 8 to 6.", edited: true, enabled: false, source: "website" });

    const typed = await entryIn(await create(owner, { kind: "qa", question: "Open Sunday?", answer: "No." }));
    expect(await entryIn(await patch(owner, typed.id, { answer: "Only in December." }))).toMatchObject({ answer: "Only in December.", edited: false });
  });

  it("refuses the other kind's fields and empty text", async () => {
    const typed = await entryIn(await create(owner, { kind: "qa", question: "Cash?", answer: "Yes." }));
    expect((await errorOf(await patch(owner, typed.id, { title: "Payment" }))).fields).toEqual({ title: M.notForQa });
    expect((await errorOf(await patch(owner, typed.id, { answer: " " }))).fields).toEqual({ answer: M.answer });
    expect((await errorOf(await patch(owner, typed.id, { kind: "section" }))).message).toBe("That is not a field of a knowledge entry: kind");
  });

  it("answers another organization's entry as not found, and leaves it as it was", async () => {
    const theirs = await entryIn(await create(other, { kind: "qa", question: "Theirs?", answer: "Yes." }));
    const response = await patch(owner, theirs.id, { answer: "Mine now." });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).message).toBe(M.notFound);
    expect((await call(`/api/knowledge/${theirs.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(404);
    expect((await list(other)).entries.find((entry) => entry.id === theirs.id)?.answer).toBe("Yes.");
  });

  it("deletes an entry and answers it; a viewer may not", async () => {
    const entry = await entryIn(await create(owner, { kind: "qa", question: "Delete me?", answer: "Yes." }));
    expect((await call(`/api/knowledge/${entry.id}`, { method: "DELETE", cookie: viewer.cookie })).status).toBe(403);
    expect((await patch(viewer, entry.id, { enabled: false })).status).toBe(403);
    const deleted = await call(`/api/knowledge/${entry.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(deleted.status).toBe(200);
    expect((await entryIn(deleted)).id).toBe(entry.id);
    expect((await list(owner)).entries.some((row) => row.id === entry.id)).toBe(false);
    expect((await call(`/api/knowledge/${entry.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(404);
  });
});

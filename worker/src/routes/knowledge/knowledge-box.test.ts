import { type AgentResource, KNOWLEDGE_MESSAGES as M, type KnowledgeEntry, knowledgeBoxTitle } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call, signUp } from "../../../test/accounts";

/** An agent's knowledge box (the agents API's knowledge_base) is its typed section (issue 39 §1). */

const agentIn = async (response: Response) => ((await response.json()) as { agent: AgentResource }).agent;
const getAgent = async (who: SignedUp, id: string) => agentIn(await call(`/api/agents/${id}`, { cookie: who.cookie }));
const patchAgent = (who: SignedUp, id: string, body: unknown) => call(`/api/agents/${id}`, { method: "PATCH", cookie: who.cookie, body });
const patchEntry = (who: SignedUp, id: string, body: unknown) => call(`/api/knowledge/${id}`, { method: "PATCH", cookie: who.cookie, body });
const boxOf = async (who: SignedUp, agentId: string) => {
  const { entries } = (await (await call("/api/knowledge?source=typed", { cookie: who.cookie })).json()) as { entries: KnowledgeEntry[] };
  return entries.filter((entry) => entry.agent_ids.length === 1 && entry.agent_ids[0] === agentId && entry.kind === "section");
};

let owner: SignedUp;
beforeAll(async () => {
  owner = await signUp({ company: "Box Bakery" });
});

describe("the agents API's knowledge_base", () => {
  it("is written as the agent's typed section on create, and read back from it", async () => {
    const agent = await agentIn(
      await call("/api/agents", { cookie: owner.cookie, body: { name: "Baker", status: "inactive", knowledge_base: "Sourdough is $8." } }),
    );
    expect(agent.knowledge_base).toBe("Sourdough is $8.");
    const [box, ...more] = await boxOf(owner, agent.id);
    expect(more).toEqual([]);
    expect(box).toMatchObject({ kind: "section", source: "typed", title: knowledgeBoxTitle("Baker"), body: "Sourdough is $8.", enabled: true });
  });

  it("creates the section on the first write, changes it after, and deletes it when emptied", async () => {
    const agent = await agentIn(await call("/api/agents", { cookie: owner.cookie, body: { name: "Counter", status: "inactive" } }));
    expect(agent.knowledge_base).toBe("");
    expect(await boxOf(owner, agent.id)).toEqual([]);

    expect((await agentIn(await patchAgent(owner, agent.id, { knowledge_base: "Open at 7." }))).knowledge_base).toBe("Open at 7.");
    const [first] = await boxOf(owner, agent.id);
    expect((await agentIn(await patchAgent(owner, agent.id, { knowledge_base: "Open at 6." }))).knowledge_base).toBe("Open at 6.");
    const [second] = await boxOf(owner, agent.id);
    expect(second).toMatchObject({ id: first!.id, body: "Open at 6." });

    expect((await (await call("/api/agents", { cookie: owner.cookie })).json()) as { agents: AgentResource[] }).toMatchObject({
      agents: expect.arrayContaining([expect.objectContaining({ id: agent.id, knowledge_base: "Open at 6." })]),
    });

    expect((await agentIn(await patchAgent(owner, agent.id, { knowledge_base: "  " }))).knowledge_base).toBe("");
    expect(await boxOf(owner, agent.id)).toEqual([]);
  });

  it("follows the agent's name in its title, until the owner retitles it", async () => {
    const agent = await agentIn(await call("/api/agents", { cookie: owner.cookie, body: { name: "Oven", status: "inactive", knowledge_base: "Hot." } }));
    await patchAgent(owner, agent.id, { name: "Big Oven" });
    const [box] = await boxOf(owner, agent.id);
    expect(box!.title).toBe(knowledgeBoxTitle("Big Oven"));
    await patchEntry(owner, box!.id, { title: "Oven facts" });
    await patchAgent(owner, agent.id, { name: "Small Oven" });
    expect((await boxOf(owner, agent.id))[0]!.title).toBe("Oven facts");
  });

  it("shows an edit or a delete on the Knowledge page through the agents API, and keeps the box for its agent", async () => {
    const agent = await agentIn(await call("/api/agents", { cookie: owner.cookie, body: { name: "Till", status: "inactive", knowledge_base: "Cards only." } }));
    const [box] = await boxOf(owner, agent.id);
    expect((await patchEntry(owner, box!.id, { body: "Cards and cash." })).status).toBe(200);
    expect((await getAgent(owner, agent.id)).knowledge_base).toBe("Cards and cash.");

    expect((await patchEntry(owner, box!.id, { agent_ids: [agent.id], enabled: true })).status).toBe(200);
    const shared = await patchEntry(owner, box!.id, { agent_ids: [] });
    expect(shared.status).toBe(400);
    expect(((await shared.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ agent_ids: M.boxAgents });

    expect((await call(`/api/knowledge/${box!.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    expect((await getAgent(owner, agent.id)).knowledge_base).toBe("");
  });
});

describe("agents.knowledge_base", () => {
  // Its text moved into each agent's box (0030_knowledge_box, run on a database with agents by
  // test/node/knowledge-box-libsql.test.ts), then the column went: nothing reads or writes it.
  it("is dropped", async () => {
    const { results } = await env.DB.prepare("select name from pragma_table_info('agents')").all<{ name: string }>();
    expect(results.map((column) => column.name)).toContain("persona_prompt");
    expect(results.map((column) => column.name)).not.toContain("knowledge_base");
  });
});

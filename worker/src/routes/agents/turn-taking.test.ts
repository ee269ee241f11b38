import { type AgentResource, REALTIME_MODELS, type RealtimeModelsResource, TURN_TAKING_DEFAULTS, TURN_TAKING_MESSAGES as T } from "@nikki/core";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call, signUp } from "../../../test/accounts";
import { readConfig } from "../../env";
import { realtimeModelFor, realtimeModels } from "../../voice/realtime-models";

/** Issue 55: an agent's turn-taking and realtime model in the Agents API, checked in core's words and the deployment's list. */
const create = (who: SignedUp, body: unknown) => call("/api/agents", { cookie: who.cookie, body });
const patch = (who: SignedUp, id: string, body: unknown) => call(`/api/agents/${id}`, { method: "PATCH", cookie: who.cookie, body });
const agentIn = async (response: Response) => ((await response.json()) as { agent: AgentResource }).agent;
const fieldsOf = async (response: Response) => ((await response.json()) as { error: { fields: Record<string, string> } }).error.fields;

let owner: SignedUp;
beforeAll(async () => {
  owner = await signUp({ company: "Turn Taking Dental" });
});

describe("an agent's turn-taking in /api/agents", () => {
  it("starts at the defaults with the deployment's model, and keeps what an edit sets, read back by GET", async () => {
    const agent = await agentIn(await create(owner, { name: "Tara" }));
    expect(agent).toMatchObject({ ...TURN_TAKING_DEFAULTS, realtime_model: null });
    const settings = {
      turn_detection: "semantic_vad",
      eagerness: "high",
      silence_duration_ms: 900,
      noise_reduction: "near_field",
      interruption_min_ms: 450,
      realtime_model: "gpt-realtime-mini",
    };
    const edited = await patch(owner, agent.id, settings);
    expect(edited.status).toBe(200);
    expect(await agentIn(edited)).toMatchObject(settings);
    expect(await agentIn(await call(`/api/agents/${agent.id}`, { cookie: owner.cookie }))).toMatchObject(settings);
    expect(await agentIn(await patch(owner, agent.id, { realtime_model: null }))).toMatchObject({ realtime_model: null, eagerness: "high" });
  });

  it("creates an agent with its settings", async () => {
    const agent = await agentIn(
      await create(owner, { name: "Quiet", status: "inactive", noise_reduction: "off", silence_duration_ms: 200, realtime_model: "gpt-realtime-2.1" }),
    );
    expect(agent).toMatchObject({ noise_reduction: "off", silence_duration_ms: 200, realtime_model: "gpt-realtime-2.1", turn_detection: "server_vad" });
  });

  const allowed = [...REALTIME_MODELS];
  it.each([
    [{ turn_detection: "vad" }, "turn_detection", T.turnDetection],
    [{ silence_duration_ms: 5_000 }, "silence_duration_ms", T.silence],
    [{ eagerness: "eager" }, "eagerness", T.eagerness],
    [{ noise_reduction: "studio" }, "noise_reduction", T.noiseReduction],
    [{ interruption_min_ms: 0 }, "interruption_min_ms", T.interruption],
    [{ realtime_model: "gpt-4o-realtime-preview" }, "realtime_model", T.model(allowed)],
    [{ realtime_model: "not a model" }, "realtime_model", T.modelName],
  ])("refuses %j under fields.%s, on create and on edit", async (body, field, message) => {
    const refused = await create(owner, { name: "Refused", ...body });
    expect(refused.status).toBe(400);
    expect(await fieldsOf(refused)).toEqual({ [field]: message });
    // Inactive: the trial's five active agents are not this test's subject.
    const agent = await agentIn(await create(owner, { name: "Kept", status: "inactive" }));
    const edit = await patch(owner, agent.id, body);
    expect(edit.status).toBe(400);
    expect(await fieldsOf(edit)).toEqual({ [field]: message });
    expect(await agentIn(await call(`/api/agents/${agent.id}`, { cookie: owner.cookie }))).toMatchObject({ ...TURN_TAKING_DEFAULTS, realtime_model: null });
  });

  it("answers the models an agent may choose: the deployment's first", async () => {
    const response = await call("/api/agents/realtime-models", { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { realtime_models: RealtimeModelsResource }).realtime_models).toEqual({ default: "gpt-realtime", allowed });
  });
});

describe("the model a call opens with", () => {
  const config = readConfig({ OPENAI_REALTIME_MODEL: "gpt-realtime-2.1", OPENAI_REALTIME_MODELS: " gpt-realtime-mini, gpt-realtime-2.1-mini " });

  it("is the agent's while the deployment allows it, else the deployment's (which is always allowed)", () => {
    expect(realtimeModels(config)).toEqual({ default: "gpt-realtime-2.1", allowed: ["gpt-realtime-2.1", "gpt-realtime-mini", "gpt-realtime-2.1-mini"] });
    expect(realtimeModelFor(config, "gpt-realtime-mini")).toBe("gpt-realtime-mini");
    expect(realtimeModelFor(config, null)).toBe("gpt-realtime-2.1");
    expect(realtimeModelFor(config, "gpt-realtime")).toBe("gpt-realtime-2.1");
  });

  it("refuses a configured list that names no model", () => {
    expect(() => readConfig({ OPENAI_REALTIME_MODELS: "gpt realtime" })).toThrow(/OPENAI_REALTIME_MODELS[.\d]*: must be model names/);
  });
});

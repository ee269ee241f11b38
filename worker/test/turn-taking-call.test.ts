import type { CallDetailResource } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { AnsweredPlan } from "../src/voice/answered-plan";
import { type SignedUp, call, signUp } from "./accounts";
import { SIMULATED } from "./simulators";
import { anyCaller, callSid, openStream, ringInbound, startMessage, streamParameters, until } from "./twilio";

/**
 * Issue 55: an agent's turn-taking and realtime model reach the model's session in the provider's own field names
 * (read from what the OpenAI simulator received), the interruption minimum reaches the media plane's plan, and the call
 * keeps which model answered it.
 */
const OPENAI = `http://127.0.0.1:${SIMULATED.openaiPort}`;
const COMPANY = `Turns Clinic ${crypto.randomUUID().slice(0, 8)}`;
const ALWAYS_OPEN = Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, [{ open: "00:00", close: "23:59" }]]));

type Received = { type: string; session?: { model?: string; audio?: { input?: Record<string, unknown> } } };
type Lifecycle = { types: string[]; sent: string[]; model: string | null; instructions: string };

let owner: SignedUp;
beforeAll(async () => {
  owner = await signUp({ company: COMPANY });
});

/** An agent of the business with `settings`, answering a number of its own. */
async function agentWith(name: string, settings: Record<string, unknown>) {
  const created = await call("/api/agents", { cookie: owner.cookie, body: { name, hours_json: ALWAYS_OPEN, ...settings } });
  expect(created.status).toBe(201);
  const agentId = ((await created.json()) as { agent: { id: string } }).agent.id;
  const number = `+1646${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 10_000_000).padStart(7, "0")}`;
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), owner.organizationId, number, agentId)
    .run();
  return { name, number };
}

/** A call to the agent's number, streamed: the plan the webhook kept, the session.update the model received, its session's life, the call's id. */
async function callTo(agent: { name: string; number: string }) {
  const sid = callSid();
  const { callId, token } = streamParameters(await (await ringInbound(sid, agent.number, anyCaller())).text());
  const row = await env.DB.prepare("select call_plan from calls where id = ?").bind(callId).first<{ call_plan: string }>();
  const { plan } = JSON.parse(row!.call_plan) as AnsweredPlan;
  const stream = await openStream(sid);
  stream.socket.send(startMessage(sid, { callId, token }));
  // This call's session: its instructions name the agent and the business.
  const ours = (update: Received) => JSON.stringify(update.session).includes(`You are ${agent.name},`) && JSON.stringify(update.session).includes(COMPANY);
  const update = await until(async () => {
    const sessions = (await (await fetch(`${OPENAI}/__realtime-sessions`)).json()) as Received[][];
    return sessions.flat().find((event) => event.type === "session.update" && ours(event)) ?? null;
  });
  const life = await until(async () => {
    const lives = (await (await fetch(`${OPENAI}/__realtime-lifecycles`)).json()) as Lifecycle[];
    return lives.find((session) => session.instructions.includes(`You are ${agent.name},`) && session.sent.includes("session.updated")) ?? null;
  });
  stream.socket.close();
  return { callId, plan, update, life, input: update.session?.audio?.input ?? {} };
}

describe("an agent's turn-taking on its calls", { timeout: 30_000 }, () => {
  it("opens the session with semantic VAD at the agent's eagerness, near-field noise reduction and its model; the plan carries its interruption minimum", async () => {
    const agent = await agentWith("Sema", {
      turn_detection: "semantic_vad",
      eagerness: "low",
      noise_reduction: "near_field",
      interruption_min_ms: 650,
      realtime_model: "gpt-realtime-mini",
    });
    const { callId, plan, update, life, input } = await callTo(agent);
    expect(input.turn_detection).toEqual({ type: "semantic_vad", eagerness: "low", create_response: false, interrupt_response: false });
    expect(input.noise_reduction).toEqual({ type: "near_field" });
    expect(update.session?.model).toBe("gpt-realtime-mini");
    expect(plan.interruptionMinMs).toBe(650);
    // The session opened on the agent's model, and the simulator (which refuses what the API refuses) took the update.
    expect(life.model).toBe("gpt-realtime-mini");
    expect(life.sent).not.toContain("error");
    // The call keeps which model answered it, and its detail says so.
    await until(async () => (await env.DB.prepare("select realtime_model from calls where id = ?").bind(callId).first<string>("realtime_model")) ?? null);
    const detail = (await (await call(`/api/calls/${callId}`, { cookie: owner.cookie })).json()) as { call: CallDetailResource };
    expect(detail.call.realtime_model).toBe("gpt-realtime-mini");
  });

  it("opens with server VAD after the agent's silence, noise reduction left out when off, on the deployment's model", async () => {
    const agent = await agentWith("Servo", { silence_duration_ms: 750, noise_reduction: "off" });
    const { callId, plan, update, life, input } = await callTo(agent);
    expect(input.turn_detection).toEqual({ type: "server_vad", silence_duration_ms: 750, create_response: false, interrupt_response: false });
    expect(input).not.toHaveProperty("noise_reduction");
    expect(update.session?.model).toBe("gpt-realtime");
    expect(life.model).toBe("gpt-realtime");
    expect(plan.interruptionMinMs).toBe(300);
    await until(
      async () => (await env.DB.prepare("select realtime_model from calls where id = ?").bind(callId).first<string>("realtime_model")) === "gpt-realtime",
    );
  });

  it("opens a new agent's calls with the defaults: server VAD after 500 ms, far-field noise reduction", async () => {
    const { input } = await callTo(await agentWith("Dee", {}));
    expect(input.turn_detection).toEqual({ type: "server_vad", silence_duration_ms: 500, create_response: false, interrupt_response: false });
    expect(input.noise_reduction).toEqual({ type: "far_field" });
  });
});

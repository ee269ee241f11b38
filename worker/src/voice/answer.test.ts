import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { answeredSetup, testAnswerDeps } from "../../test/answer-deps";
import { answerCall } from "./answer";
import { SIMULATED } from "../../test/simulators";
import { anyCaller } from "../../test/twilio";
import { PLATFORM_ACCOUNT } from "./call-context";

const ORG = `org_${crypto.randomUUID()}`;
const AGENT = crypto.randomUUID();
const NUMBER = "+13125550177";
const log = createLogger({ test: "answer" }, "error");

/** Answers a call to the test number and hands back the TwiML and the setup the CallSession would get. */
async function answer(overrides: { agent?: Record<string, string>; settings?: Record<string, number | string>; bindings?: Record<string, string> } = {}) {
  for (const [column, value] of Object.entries(overrides.agent ?? {}))
    await env.DB.prepare(`update agents set ${column} = ? where id = ?`).bind(value, AGENT).run();
  for (const [column, value] of Object.entries(overrides.settings ?? {})) {
    await env.DB.prepare(`update organization_settings set ${column} = ? where organization_id = ?`).bind(value, ORG).run();
  }
  const callSid = `CA${crypto.randomUUID().replace(/-/g, "")}`;
  const twiml = await answerCall(testAnswerDeps(log, overrides.bindings), {
    direction: "inbound",
    callSid,
    from: anyCaller(),
    to: NUMBER,
    account: { ...PLATFORM_ACCOUNT, authToken: SIMULATED.twilioAuthToken },
  });
  return { twiml, setup: await answeredSetup(callSid) };
}

beforeAll(async () => {
  await env.DB.prepare("insert into organizations (id, name, slug, trial_ends_at) values (?, 'Fields Dental', ?, ?)")
    .bind(ORG, ORG, Date.now() + 86_400_000)
    .run();
  await env.DB.prepare("insert into organization_settings (organization_id) values (?)").bind(ORG).run();
  await env.DB.prepare("insert into agents (id, organization_id, name, status, hours_json) values (?, ?, 'Dana', 'active', ?)")
    .bind(
      AGENT,
      ORG,
      JSON.stringify({
        sun: [{ open: "00:00", close: "23:59" }],
        mon: [{ open: "00:00", close: "23:59" }],
        tue: [{ open: "00:00", close: "23:59" }],
        wed: [{ open: "00:00", close: "23:59" }],
        thu: [{ open: "00:00", close: "23:59" }],
        fri: [{ open: "00:00", close: "23:59" }],
        sat: [{ open: "00:00", close: "23:59" }],
      }),
    )
    .run();
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), ORG, NUMBER, AGENT)
    .run();
});

describe("a live call uses everything the agent holds", () => {
  it("greeting: the opening line is the recording notice (recorded and announced by default), then the agent's greeting; no 'Connecting you' precedes it", async () => {
    const { twiml, setup } = await answer({ agent: { greeting: "Fields Dental, Dana speaking." } });
    expect(setup!.openingLine).toBe("This call may be recorded. Fields Dental, Dana speaking.");
    expect(twiml).not.toContain("Connecting you");
  });

  it("greeting: an agent stored without one (before the backfill) still opens with a line, never an instruction", async () => {
    await env.DB.prepare("update agents set greeting = null where id = ?").bind(AGENT).run();
    const { twiml, setup } = await answer();
    expect(setup!.openingLine).toBe("This call may be recorded. Thanks for calling Fields Dental, this is Dana. How can I help?");
    expect(twiml).not.toContain("Connecting you");
  });

  it("persona and knowledge: in the instructions", async () => {
    // The agent's knowledge box is its typed section (issue 39 §1); worker/test/knowledge-answers.test.ts has the rest.
    await env.DB.prepare("insert into knowledge_entries (id, organization_id, kind, body, source, box_of_agent_id) values (?, ?, 'section', ?, 'typed', ?)")
      .bind(crypto.randomUUID(), ORG, "Cleanings are $120.", AGENT)
      .run();
    const { setup } = await answer({ agent: { persona_prompt: "Gentle with nervous patients." } });
    expect(setup!.instructions).toContain("Persona: Gentle with nervous patients.");
    expect(setup!.instructions).toContain("Cleanings are $120.");
  });

  it("language: the recording notice is said in it, by the agent, and Twilio says nothing before the stream", async () => {
    const { twiml, setup } = await answer({ agent: { language: "es-ES", greeting: "Fields Dental, le atiende Dana." } });
    expect(setup!.openingLine).toBe("Esta llamada puede ser grabada. Fields Dental, le atiende Dana.");
    expect(twiml).not.toContain("<Say");
    await env.DB.prepare("update agents set language = 'en-US' where id = ?").bind(AGENT).run();
  });

  it("voice: the Realtime session speaks with it", async () => {
    expect((await answer({ agent: { voice: "sage" } })).setup!.voice).toBe("sage");
  });

  it("time zone and hours: outside them the call is after hours; Nikki still books a caller who asks, and takes a message from anyone else", async () => {
    const open = await answer({ agent: { business_hours_tz: "Pacific/Kiritimati" } });
    expect(open.setup!.afterHours).toBe(false);
    const closed = await answer({ agent: { hours_json: "{}", tools: '["book_appointment","push_crm_lead"]' } });
    expect(closed.setup!.afterHours).toBe(true);
    expect(closed.setup!.instructions).toContain(
      "The business is closed right now, but appointments can still be booked: a caller who wants one books it as below, for a time the business is open. For anything else, take a message:",
    );
    expect(closed.setup!.instructions).toContain("(Pacific/Kiritimati)");
    // An agent that does not book only takes messages after hours.
    const messages = await answer({ agent: { hours_json: "{}", tools: '["push_crm_lead"]' } });
    expect(messages.setup!.instructions).toContain("The business is closed right now. Take a message:");
  });

  it("escalation, tools and the organization's countries: handed to the tools", async () => {
    const { setup } = await answer({ agent: { escalation_json: '{"phone":"+14155550111"}', tools: '["transfer_call"]' } });
    expect(setup!.tool).toMatchObject({ escalationJson: '{"phone":"+14155550111"}', tools: ["transfer_call"], allowedCountries: ["US", "CA"] });
  });

  it("recording settings: announced in the opening line and started when on, neither when off; the call's time limit too", async () => {
    const on = await answer({ agent: { greeting: "Fields Dental, Dana speaking." }, settings: { record_calls: 1, record_announce: 1, max_call_seconds: 300 } });
    expect(on.setup!.openingLine).toBe("This call may be recorded. Fields Dental, Dana speaking.");
    expect(on.twiml).not.toContain("<Say");
    expect(on.twiml).toContain("<Recording");
    expect(on.setup!.maxCallSeconds).toBe(300);
    const unannounced = await answer({ settings: { record_calls: 1, record_announce: 0 } });
    expect(unannounced.setup!.openingLine).toBe("Fields Dental, Dana speaking.");
    expect(unannounced.twiml).toContain("<Recording");
    const off = await answer({ settings: { record_calls: 0, record_announce: 1 } });
    expect(off.setup!.openingLine).toBe("Fields Dental, Dana speaking.");
    expect(off.twiml).not.toContain("<Recording");
  });

  it("an inactive agent sends the caller to voicemail", async () => {
    const { twiml, setup } = await answer({ agent: { status: "inactive" } });
    expect(setup).toBeNull();
    expect(twiml).toContain("<Record");
    await env.DB.prepare("update agents set status = 'active' where id = ?").bind(AGENT).run();
  });

  it("without the platform's OpenAI key, an organization that brought none takes a message; with the key, the stream", async () => {
    const without = await answer({ bindings: { OPENAI_API_KEY: "" } });
    expect(without.setup).toBeNull();
    expect(without.twiml).toContain("<Record");
    const withKey = await answer();
    expect(withKey.setup).not.toBeNull();
    expect(withKey.twiml).toContain("<Stream");
  });
});

import { env } from "cloudflare:test";
import { TURN_TAKING_DEFAULTS } from "@nikki/core";
import { HOSTILE_STRINGS } from "@nikki/simulators/hostile-strings";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "../../db/client";
import { DEMO, seedDemoOrganization } from "../../db/seed";
import { createLogger } from "../../logger";
import { setOptOut } from "../../messaging/consent";
import { sessionUpdate } from "../realtime-session";
import { type ToolCall, runTool } from ".";
import type { Providers } from "../../services";
import { testServices } from "../../../test/services";
import { SIMULATED } from "../../../test/simulators";
import { toolDepsOf } from "../../../test/tool-call";
import { callSid } from "../../../test/twilio";

const db = createD1Database(env.DB);
const services = testServices();
const log = createLogger({ test: "tools" }, "error");
const begun: { numbers: string[]; reason: string; callerName: string }[] = [];
const twilioRequests = async () =>
  (await (await fetch(`http://127.0.0.1:${SIMULATED.twilioPort}/__requests`)).json()) as { path: string; form: Record<string, string> }[];

function toolCall(escalationJson = "{}"): ToolCall {
  return {
    callId: crypto.randomUUID(),
    callSid: callSid(),
    organizationId: DEMO.organizationId,
    agentId: DEMO.agentId,
    businessNumber: DEMO.phoneNumber,
    callerNumber: "+14155552671",
    escalationJson,
    allowedCountries: ["US", "CA"],
    test: false,
    tools: ["book_appointment", "push_crm_lead", "send_sms", "transfer_call"],
  };
}

// The call's CallSession keeps a transfer (worker/test/transfer.test.ts runs it for real); here, what it was asked.
const transfers = {
  begin: async (transfer: { numbers: string[]; reason: string; callerName: string }) => {
    begun.push(transfer);
    return true;
  },
  cancel: async () => undefined,
};

/** Runs one of the call's tools on its live effects. */
const run = async (name: string, args: string, call: ToolCall, providers?: Providers) =>
  runTool(name, args, call, await toolDepsOf(call, services, log, { transfers, providers }));

beforeAll(async () => {
  await seedDemoOrganization(db, "unused-password-hash");
});

describe("tools during the call", () => {
  it("send_sms texts the caller from the business's number", async () => {
    const result = await run("send_sms", JSON.stringify({ to: "(415) 555-0177", body: "Our address is 1 Main St." }), toolCall());
    expect(result).toMatchObject({ ok: true, message_sid: expect.stringMatching(/^SM/) });
    expect((await twilioRequests()).filter((r) => r.path.endsWith("/Messages.json") && r.form.To === "+14155550177").at(-1)?.form).toEqual({
      From: DEMO.phoneNumber,
      To: "+14155550177",
      Body: "Our address is 1 Main St.",
    });
  });

  it("send_sms refuses a number that opted out of the business's texts, and nothing reaches Twilio", async () => {
    const optedOut = "+14155550178";
    await setOptOut(db, DEMO.organizationId, optedOut, true);
    // Only texts to this number: other test files run beside this one against the same simulator.
    const textsToIt = async () => (await twilioRequests()).filter((request) => request.path.endsWith("/Messages.json") && request.form.To === optedOut);
    const before = (await textsToIt()).length;
    expect(await run("send_sms", JSON.stringify({ to: optedOut, body: "Hello again" }), toolCall())).toEqual({
      ok: false,
      error: "That number has opted out of texts from this business, so I can't text it.",
    });
    expect(await textsToIt()).toHaveLength(before);
    await setOptOut(db, DEMO.organizationId, optedOut, false);
    expect(await run("send_sms", JSON.stringify({ to: optedOut, body: "Hello again" }), toolCall())).toMatchObject({ ok: true });
  });

  it("transfer_call puts the caller on hold and rings the first escalation number, whose answer hears the whisper first", async () => {
    const call = toolCall('{"numbers": ["+14155550100", "+14155550101"]}');
    expect(await run("transfer_call", JSON.stringify({ reason: "a burst pipe", caller_name: "Ada" }), call)).toEqual({
      ok: true,
      transferring_to: "a team member",
    });
    expect(begun.at(-1)).toEqual({ numbers: ["+14155550100", "+14155550101"], reason: "a burst pipe", callerName: "Ada" });
    const update = (await twilioRequests()).filter((r) => r.path.endsWith(`/Calls/${call.callSid}.json`)).at(-1);
    expect(update?.form.Twiml).toContain('<Say language="en-US">Please hold while I connect you with someone from the team.</Say>');
    expect(update?.form.Twiml).toContain(
      `<Dial callerId="${DEMO.phoneNumber}" timeout="25" action="https://nikki.test/twilio/voice/transfer/dialed?call=${call.callSid}&amp;attempt=0" method="POST">` +
        `<Number url="https://nikki.test/twilio/voice/transfer/whisper?call=${call.callSid}&amp;attempt=0" method="POST">+14155550100</Number></Dial>`,
    );
  });

  it("transfer_call refuses an escalation number outside the organization's countries, and Twilio is never asked", async () => {
    const call = toolCall('{"phone": "+1 876 555 0100"}');
    // Only this call's requests: other test files run beside this one against the same simulator.
    const aboutThisCall = async () =>
      (await twilioRequests()).filter((request) => request.path.includes(call.callSid) || JSON.stringify(request.form).includes("8765550100"));
    expect(await run("transfer_call", "{}", call)).toEqual({
      ok: false,
      error: "The transfer number is not one this business may call. Offer to take a message or to book a callback instead.",
    });
    expect(await aboutThisCall()).toEqual([]);
    expect(await run("transfer_call", "{}", { ...call, allowedCountries: ["US", "JM"] })).toEqual({ ok: true, transferring_to: "a team member" });
  });

  it("transfer_call without an escalation number answers with something Nikki can say", async () => {
    expect(await run("transfer_call", "{}", toolCall())).toEqual({
      ok: false,
      error: "There is no transfer number set up. Offer to take a message or to book a callback instead.",
    });
  });

  it("a failing provider becomes an error the model can speak about, never a crash", async () => {
    const providers = await services.providersFor(DEMO.organizationId);
    const { twilio } = await providers.forNumber(DEMO.phoneNumber);
    const failing = { ...twilio!, sendMessage: () => Promise.reject(new Error("Twilio answered 500")) };
    const broken = { ...providers, forNumber: async () => ({ twilio: failing }) };
    expect(await run("send_sms", JSON.stringify({ to: "+14155550177", body: "Hi" }), toolCall(), broken)).toEqual({
      ok: false,
      error: "That did not work just now. Apologise and offer to take a message instead.",
    });
  });

  it("tells the model of the agent's enabled tools only, and end_call", () => {
    const update = sessionUpdate({
      model: "gpt-realtime",
      instructions: "Be brief.",
      voice: "coral",
      tools: ["book_appointment", "transfer_call"],
      turnTaking: TURN_TAKING_DEFAULTS,
    });
    const tools = "tools" in update.session ? (update.session.tools ?? []) : [];
    // Booking is one switch: finding, moving and canceling come with book_appointment.
    expect(tools.map((tool) => ("name" in tool ? tool.name : ""))).toEqual([
      "check_availability",
      "book_appointment",
      "reschedule_appointment",
      "cancel_appointment",
      "transfer_call",
      "end_call",
    ]);
  });

  it("refuses a tool the agent has not enabled, and lets end_call through always", async () => {
    const call = { ...toolCall(), tools: ["book_appointment"] };
    expect(await run("send_sms", JSON.stringify({ to: "+14155550177", body: "Hi" }), call)).toEqual({
      ok: false,
      error: "The send_sms tool is not enabled for this business. Offer to take a message instead.",
    });
    expect(await run("end_call", "{}", { ...call, tools: [] })).toEqual({ ok: true, ending: true });
  });

  it("holds under 50 hostile strings: as tool names none runs, as arguments they are refused by the schemas, and no text leaves", async () => {
    // Other test files text through the same simulator at the same time: only a text carrying a hostile string counts.
    const hostile = new Set<string>(HOSTILE_STRINGS.map((text) => text.slice(0, 480)));
    const texts = async () =>
      (await twilioRequests()).filter((request) => request.path.endsWith("/Messages.json") && hostile.has(request.form.Body ?? "")).length;
    const sentBefore = await texts();
    const call = { ...toolCall(), tools: ["book_appointment", "send_sms"] };
    for (const hostile of HOSTILE_STRINGS) {
      if (hostile !== "end_call") expect((await run(hostile, "{}", call)).ok).toBe(false);
      expect((await run("send_sms", JSON.stringify({ to: hostile, body: hostile }), call)).ok).toBe(false);
      expect((await run("transfer_call", JSON.stringify({ reason: hostile }), call)).ok).toBe(false);
      expect((await run("book_appointment", JSON.stringify({ name: hostile, phone: hostile, datetime: hostile }), call)).ok).toBe(false);
      expect((await run("send_sms", hostile, call)).ok).toBe(false);
    }
    expect(await texts()).toBe(sentBefore);
  });

  it("answers an unknown tool plainly", async () => {
    expect(await run("order_pizza", "{}", toolCall())).toEqual({ ok: false, error: "There is no tool called order_pizza." });
  });
});

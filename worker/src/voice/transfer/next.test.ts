import { describe, expect, it } from "vitest";
import type { CallSetup, TransferState } from "../../rpc/call-session";
import { type NextAfterDial, nextAfterDial, whisperFor } from "./next";

const ORIGIN = "https://nikki.test";
const CALL_SID = `CA${"1".repeat(32)}`;
const HEADER = '<?xml version="1.0" encoding="UTF-8"?>';

const setup = (language?: string) =>
  ({
    tool: { callId: "call-1", callSid: CALL_SID, businessNumber: "+14155550100", callerNumber: "+14155552671", agentId: "agt" },
    organizationName: "Acme Plumbing",
    language,
  }) as CallSetup;

const transfer: TransferState = {
  numbers: ["+14155550101", "+14155550102"],
  reason: "a burst pipe",
  callerName: "Ada",
  attempt: 0,
  startedAt: 0,
  accepted: false,
  phase: "dialing",
  fromSegment: 1,
  resumeSegment: 2,
};

describe("the whisper", () => {
  it("briefs whoever answered on the call the URL names, then asks for 1", () => {
    const whisper = whisperFor(ORIGIN, { callSid: CALL_SID, attempt: 1 }, { transfer, setup: setup(), transcript: [] });
    expect(whisper).toContain(
      `<Gather input="dtmf" action="${ORIGIN}/twilio/voice/transfer/screened?call=${CALL_SID}&amp;attempt=1" numDigits="1" timeout="8" method="POST">`,
    );
    expect(whisper).toContain("Transfer from the Acme Plumbing receptionist. Ada, calling from 4 1 5, 5 5 5, 2 6 7 1. They want: a burst pipe.");
  });

  it.each([
    ["a URL this deployment did not write", null, { transfer, setup: setup(), transcript: [] }],
    ["a transfer the session no longer keeps", { callSid: CALL_SID, attempt: 0 }, null],
  ])("says goodbye, joining nobody, to %s", (_case, leg, brief) => {
    expect(whisperFor(ORIGIN, leg, brief)).toBe(`${HEADER}<Response><Say>This transfer is no longer waiting. Goodbye.</Say><Hangup/></Response>`);
  });
});

describe("what follows a number rung", () => {
  const cases: [string, Parameters<typeof nextAfterDial>[2], NextAfterDial][] = [
    ["a call put through ends when it does", { next: { kind: "hangup" }, setup: setup() }, { kind: "twiml", twiml: `${HEADER}<Response><Hangup/></Response>` }],
    ["a stale action takes a message", { next: { kind: "message" }, setup: setup() }, { kind: "message" }],
    ["a call the session no longer knows takes a message", { next: { kind: "dial", numbers: transfer.numbers, attempt: 1 }, setup: null }, { kind: "message" }],
    [
      "nobody took it: the caller is back with the agent, in its language",
      { next: { kind: "agent", segment: 2, outcome: "busy" }, setup: setup("es-ES") },
      { kind: "agent", setup: setup("es-ES"), segment: 2, outcome: "busy", language: "es-ES" },
    ],
  ];
  it.each(cases)("%s", (_case, answer, expected) => {
    expect(nextAfterDial(ORIGIN, CALL_SID, answer)).toEqual(expected);
  });

  it("rings the next number, the caller on hold hearing the agent's language, the line kept for the transcript", () => {
    const next = nextAfterDial(ORIGIN, CALL_SID, { next: { kind: "dial", numbers: transfer.numbers, attempt: 1 }, setup: setup("es-ES") });
    const query = `call=${CALL_SID}&amp;attempt=1`;
    expect(next).toEqual({
      kind: "dial",
      callId: "call-1",
      holdLine: "Seguimos intentando comunicarle con alguien. Por favor, espere.",
      twiml:
        `${HEADER}<Response><Say language="es-ES">Seguimos intentando comunicarle con alguien. Por favor, espere.</Say>` +
        `<Dial callerId="+14155550100" timeout="25" action="${ORIGIN}/twilio/voice/transfer/dialed?${query}" method="POST">` +
        `<Number url="${ORIGIN}/twilio/voice/transfer/whisper?${query}" method="POST">+14155550102</Number></Dial></Response>`,
    });
  });

  it("speaks English when the setup has no language (stored before it was kept)", () => {
    const next = nextAfterDial(ORIGIN, CALL_SID, { next: { kind: "dial", numbers: transfer.numbers, attempt: 1 }, setup: setup() });
    expect(next).toMatchObject({ kind: "dial", holdLine: "Still trying to reach someone. Please hold." });
  });
});

import { describe, expect, it } from "vitest";
import { type Callee, type DialedCall, runUpdatedCall } from "./twilio-dial";

const PARENT = `CA${"1".repeat(32)}`;
const HOLD =
  '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Please hold.</Say><Dial callerId="+15005550006" timeout="25" action="https://x.test/twilio/voice/transfer/dialed?call=CA1&amp;attempt=0" method="POST"><Number url="https://x.test/twilio/voice/transfer/whisper?call=CA1&amp;attempt=0" method="POST">+14155550100</Number></Dial></Response>';
const WHISPER =
  '<?xml version="1.0" encoding="UTF-8"?><Response><Gather input="dtmf" action="https://x.test/twilio/voice/transfer/screened?call=CA1&amp;attempt=0" numDigits="1" timeout="8" method="POST"><Say>A caller. Press 1.</Say></Gather><Say>Goodbye.</Say><Hangup/></Response>';
const BACK = '<Response><Connect action="https://x.test/twilio/voice/after-stream"><Stream url="wss://x.test/twilio/stream/CA1/2"/></Connect></Response>';

/** Twilio running the transfer against a stand-in for the worker's three webhooks, which records what it was sent. */
async function transfer(callee: Callee) {
  const posted: { url: string; params: Record<string, string> }[] = [];
  const post = async (url: string, params: Record<string, string>) => {
    posted.push({ url, params });
    if (url.includes("/whisper")) return WHISPER;
    if (url.includes("/screened")) return "<Response><Say>Connecting you now.</Say></Response>";
    return params.DialCallStatus === "completed" && params.DialBridged === "true" ? "<Response><Hangup/></Response>" : BACK;
  };
  const dialed: DialedCall[] = [];
  const next = await runUpdatedCall(
    HOLD,
    {
      callSid: PARENT,
      accountSid: `AC${"2".repeat(32)}`,
      from: "+14155552671",
      to: "+15005550006",
      callee,
      talkSeconds: 6,
      msPerSecond: 1,
      post,
      log: () => undefined,
    },
    dialed,
  );
  return { posted, dialed, next };
}

describe("Twilio's <Dial> with a whisper, simulated", () => {
  it("an answer that presses 1 hears the whisper on its own leg, and the action says completed, bridged, with the duration", async () => {
    const { posted, dialed, next } = await transfer("accepts");
    expect(posted.map((request) => new URL(request.url).pathname)).toEqual([
      "/twilio/voice/transfer/whisper",
      "/twilio/voice/transfer/screened",
      "/twilio/voice/transfer/dialed",
    ]);
    expect(posted[0]!.url).toBe("https://x.test/twilio/voice/transfer/whisper?call=CA1&attempt=0");
    expect(posted[0]!.params).toMatchObject({ ParentCallSid: PARENT, To: "+14155550100", From: "+15005550006", Direction: "outbound-dial" });
    expect(posted[0]!.params.CallSid).not.toBe(PARENT);
    expect(posted[1]!.params.Digits).toBe("1");
    expect(posted[2]!.params).toMatchObject({ CallSid: PARENT, DialCallStatus: "completed", DialBridged: "true", DialCallDuration: "10" });
    expect(posted[2]!.params.DialCallSid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(dialed).toEqual([{ number: "+14155550100", status: "completed", duration: 10, whisper: "A caller. Press 1.", accepted: true }]);
    expect(next).toBeNull();
  });

  it.each([
    ["declines", "completed", true],
    ["no-answer", "no-answer", false],
    ["busy", "busy", false],
    ["fails", "failed", false],
  ] as const)("a callee who %s: the action says %s, and the caller is streamed back to the agent", async (callee, status, answered) => {
    const { posted, next } = await transfer(callee);
    const action = posted.at(-1)!;
    expect(new URL(action.url).pathname).toBe("/twilio/voice/transfer/dialed");
    expect(action.params).toMatchObject({ DialCallStatus: status, DialBridged: "false" });
    expect("DialCallDuration" in action.params).toBe(answered);
    expect(posted.some((request) => request.url.includes("/screened"))).toBe(false);
    expect(next).toBe(BACK);
  });
});

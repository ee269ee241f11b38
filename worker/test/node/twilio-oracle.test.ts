import twilio from "twilio";
import { describe, expect, it } from "vitest";
import { computeTwilioSignature, verifyTwilioSignature } from "@nikki/core/twilio-signature";
import { connectStream, dial, dialedNumber, gather, hangup, record, say, startRecording, twiml } from "../../src/voice/twiml";

const TOKEN = "12345678901234567890123456789012";
const URL = "https://nikki.example.com/twilio/voice/inbound";
const PARAMS = { CallSid: "CA0123456789abcdef0123456789abcdef", From: "+14155552671", To: "+15005550006", Direction: "inbound" };

describe("Twilio signatures, checked against Twilio's own library", () => {
  it("computes exactly the signature Twilio computes", async () => {
    expect(await computeTwilioSignature(TOKEN, URL, PARAMS)).toBe(twilio.getExpectedTwilioSignature(TOKEN, URL, PARAMS));
  });

  it("accepts a valid signature", async () => {
    const signature = twilio.getExpectedTwilioSignature(TOKEN, URL, PARAMS);
    expect(await verifyTwilioSignature(TOKEN, URL, PARAMS, signature)).toBe(true);
  });

  it("accepts a signature made over the URL with :443, and ours without it (and the reverse)", async () => {
    const withPort = twilio.getExpectedTwilioSignature(TOKEN, "https://nikki.example.com:443/twilio/voice/inbound", PARAMS);
    expect(await verifyTwilioSignature(TOKEN, URL, PARAMS, withPort)).toBe(true);
    const without = twilio.getExpectedTwilioSignature(TOKEN, URL, PARAMS);
    expect(await verifyTwilioSignature(TOKEN, "https://nikki.example.com:443/twilio/voice/inbound", PARAMS, without)).toBe(true);
  });

  it.each([
    ["a changed parameter", { ...PARAMS, From: "+14155550000" }, TOKEN, URL],
    ["an added parameter", { ...PARAMS, Digits: "1" }, TOKEN, URL],
    ["the wrong auth token", PARAMS, "00000000000000000000000000000000", URL],
    ["a spoofed host", PARAMS, TOKEN, "https://evil.example.com/twilio/voice/inbound"],
    ["another path", PARAMS, TOKEN, "https://nikki.example.com/twilio/voice/outbound"],
  ])("refuses %s", async (_case, params, token, url) => {
    const signature = twilio.getExpectedTwilioSignature(TOKEN, URL, PARAMS);
    expect(await verifyTwilioSignature(token, url, params, signature)).toBe(false);
    expect(twilio.validateRequest(token, signature, url, params)).toBe(false);
  });

  it("refuses a missing signature", async () => {
    expect(await verifyTwilioSignature(TOKEN, URL, PARAMS, undefined)).toBe(false);
  });
});

describe("TwiML, checked against Twilio's own builder", () => {
  it("builds the inbound connection document Twilio's builder builds", () => {
    const response = new twilio.twiml.VoiceResponse();
    response.start().recording({
      channels: "dual",
      recordingStatusCallback: "https://x.test/twilio/voice/status",
      recordingStatusCallbackMethod: "POST",
      recordingStatusCallbackEvent: "completed",
    } as never);
    response.say({ voice: "Polly.Joanna" }, "This call is recorded. Connecting you to Nikki & Co <AI>.");
    const stream = response.connect({ action: "https://x.test/twilio/voice/after-stream", method: "POST" }).stream({ url: "wss://x.test/twilio/stream" });
    stream.parameter({ name: "callId", value: "abc" });
    stream.parameter({ name: "token", value: 't"1' });

    const ours = twiml(
      startRecording("https://x.test/twilio/voice/status"),
      say("This call is recorded. Connecting you to Nikki & Co <AI>.", { voice: "Polly.Joanna" }),
      connectStream("wss://x.test/twilio/stream", { callId: "abc", token: 't"1' }, "https://x.test/twilio/voice/after-stream"),
    );
    expect(ours).toBe(response.toString());
  });

  it("builds voicemail and dial documents Twilio's builder builds", () => {
    const response = new twilio.twiml.VoiceResponse();
    response.say("Please leave a message.");
    response.record({ action: "https://x.test/twilio/voice/voicemail", maxLength: 120, method: "POST", playBeep: true, timeout: 5, finishOnKey: "#" });
    response.dial({ callerId: "+15005550006", timeout: 20 }, "+14155552671");
    const ours = twiml(
      say("Please leave a message."),
      record({ action: "https://x.test/twilio/voice/voicemail", maxLength: 120 }),
      dial({ callerId: "+15005550006", timeout: 20 }, "+14155552671"),
    );
    expect(ours).toBe(response.toString());
  });

  it("builds the warm transfer's documents Twilio's builder builds: the hold and <Dial><Number url>, the whisper's <Gather>", () => {
    const hold = new twilio.twiml.VoiceResponse();
    hold.say("Please hold while I connect you.");
    hold
      .dial({ callerId: "+15005550006", timeout: 25, action: "https://x.test/twilio/voice/transfer/dialed?attempt=0", method: "POST" })
      .number({ url: "https://x.test/twilio/voice/transfer/whisper?call=CA1&attempt=0", method: "POST" }, "+14155552671");
    expect(
      twiml(
        say("Please hold while I connect you."),
        dial(
          { callerId: "+15005550006", timeout: 25, action: "https://x.test/twilio/voice/transfer/dialed?attempt=0", method: "POST" },
          dialedNumber("+14155552671", "https://x.test/twilio/voice/transfer/whisper?call=CA1&attempt=0"),
        ),
      ),
    ).toBe(hold.toString());

    const whisper = new twilio.twiml.VoiceResponse();
    whisper
      .gather({ input: ["dtmf"], action: "https://x.test/twilio/voice/transfer/screened?call=CA1&attempt=0", numDigits: 1, timeout: 8, method: "POST" })
      .say("Press 1 to accept.");
    whisper.say("Goodbye.");
    whisper.hangup();
    expect(
      twiml(
        gather({ action: "https://x.test/twilio/voice/transfer/screened?call=CA1&attempt=0", numDigits: 1, timeout: 8 }, say("Press 1 to accept.")),
        say("Goodbye."),
        hangup(),
      ),
    ).toBe(whisper.toString());
  });
});

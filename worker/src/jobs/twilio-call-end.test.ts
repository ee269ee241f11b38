import { describe, expect, it } from "vitest";
import type { TwilioCall } from "../services/twilio/client";
import { twilioCallEnd } from "./twilio-call-end";

const ACCOUNT = "AC0123456789abcdef0123456789abcdef";
/** A call as Twilio's Call resource answers it. */
const call = (fields: Partial<TwilioCall>): TwilioCall => ({
  sid: "CA0123456789abcdef0123456789abcdef",
  status: "in-progress",
  duration: null,
  start_time: "Mon, 07 Dec 2026 10:00:00 +0000",
  end_time: null,
  direction: "inbound",
  from: "+14155550100",
  to: "+15005550006",
  ...fields,
});

describe("a call's end read from Twilio's record, as its status callback would have told it", () => {
  it.each(["queued", "ringing", "in-progress"] as const)("a call %s is not over", (status) => {
    expect(twilioCallEnd(call({ status }), ACCOUNT)).toBeNull();
  });

  it("a completed call: its status, its duration in seconds and when it ended", () => {
    expect(twilioCallEnd(call({ status: "completed", duration: "75", end_time: "Mon, 07 Dec 2026 10:01:15 +0000" }), ACCOUNT)).toEqual({
      params: {
        AccountSid: ACCOUNT,
        CallSid: "CA0123456789abcdef0123456789abcdef",
        CallStatus: "completed",
        CallDuration: "75",
        From: "+14155550100",
        To: "+15005550006",
        Direction: "inbound",
      },
      endedAt: new Date("2026-12-07T10:01:15Z"),
    });
  });

  it.each(["busy", "no-answer", "failed", "canceled"] as const)("a call that ended %s without a duration lasted no seconds", (status) => {
    const end = twilioCallEnd(call({ status, start_time: null, end_time: "not a date" }), ACCOUNT);
    expect(end?.params).toMatchObject({ CallStatus: status, CallDuration: "0" });
    expect(end?.endedAt).toBeUndefined();
  });
});

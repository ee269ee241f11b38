import { emptyCallReport } from "@nikki/simulators/twilio-caller";
import { describe, expect, it } from "vitest";
import type { Timings } from "./frame-accounting";
import { bargeInStart, turnRecords, turnTimes } from "./voice-turns";

const timings = (over: Partial<Timings>) => ({ speechStarted: [], cutFrames: [], turns: [], delivered: [], fillerFrames: [], ...over }) as unknown as Timings;

describe("bench:voice's barge-in and turns", () => {
  it("a barge-in starts at the caller's frame that confirmed it, or at speech_started when that frame went after the clear came", () => {
    const report = { ...emptyCallReport("CA1"), clearAt: 1_000 };
    report.sentAt.set("1:50", 990).set("1:60", 1_010);
    const records = (frame: string) => turnRecords(timings({ speechStarted: [["7", 700]], cutFrames: [["7", frame]] }));
    expect(bargeInStart(report, 7, records("1:50"))).toBe(990);
    expect(bargeInStart(report, 7, records("1:60"))).toBe(700);
  });

  it("a turn from the end of the caller's last loud frame to the answer's first frame heard; a filler's counts voice to voice only", () => {
    const report = emptyCallReport("CA1");
    report.sentAt.set("1:10", 1_000).set("1:90", 5_000);
    report.receivedAt.set("7:1", 2_000).set("7:40", 6_100);
    const records = turnRecords(
      timings({
        turns: [
          [
            "7",
            [
              { end: "1:10", reply: "7:1" },
              { end: "1:90", reply: "7:40" },
              { end: "1:95", reply: null },
            ],
          ],
        ],
        delivered: [
          ["7:1", 1_990],
          ["7:40", 5_700],
        ],
        fillerFrames: [["7:40", "7:resp_9"]],
      }),
    );
    expect(turnTimes(report, 7, records)).toEqual({ voiceToVoice: [980, 1_080], product: [10] });
  });
});

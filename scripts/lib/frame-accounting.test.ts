import { emptyCallReport } from "@nikki/simulators/twilio-caller";
import { describe, expect, it } from "vitest";
import { lostFrames } from "./frame-accounting";

describe("the frames a call lost", () => {
  it("counts the model's frames the caller never got, but not those of an answer the bridge cut off and cancelled", () => {
    const report = { ...emptyCallReport("CA1"), sessionTag: 7 };
    report.sentAt.set("1:1", 0);
    report.receivedAt.set("7:1", 100).set("7:2", 110).set("7:9", 300);
    const appended = new Map([["1:1", 10]]);
    // 7:3 and 7:4 are the rest of an answer the bridge cut off; 7:5 went missing.
    const delivered: [string, number][] = [1, 2, 3, 4, 5, 9].map((sequence) => [`7:${sequence}`, 90 + sequence]);
    expect(lostFrames(report, appended, delivered, new Map())).toBe(3);
    expect(lostFrames(report, appended, delivered, new Map(), new Set(["7:3", "7:4"]))).toBe(1);
  });
});

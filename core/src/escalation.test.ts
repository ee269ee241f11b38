import { describe, expect, it } from "vitest";
import { escalationProblem, parseEscalation, savedEscalation, transfersOpen } from "./escalation";

describe("escalation rules", () => {
  it("reads the numbers in turn, transfer hours and keywords", () => {
    const json = JSON.stringify({
      numbers: ["+14155550100", "+14155550101"],
      transfer_hours: { mon: [{ open: "09:00", close: "17:00" }] },
      keywords: [" emergency "],
    });
    expect(parseEscalation(json)).toEqual({
      numbers: ["+14155550100", "+14155550101"],
      transfer_hours: { mon: [{ open: "09:00", close: "17:00" }] },
      keywords: ["emergency"],
    });
  });

  it("still reads the older {phone} as numbers: [phone], any time, no keywords", () => {
    expect(parseEscalation('{"phone":"+14155550111"}')).toEqual({ numbers: ["+14155550111"], transfer_hours: null, keywords: [] });
    expect(parseEscalation("not json")).toEqual({ numbers: [], transfer_hours: null, keywords: [] });
  });

  it("takes transfers only inside transfer hours, in the agent's zone", () => {
    const rules = parseEscalation(JSON.stringify({ numbers: ["+14155550100"], transfer_hours: { mon: [{ open: "09:00", close: "17:00" }] } }));
    // Monday 2026-11-23 at 10:00 and at 18:00 in New York (UTC-5).
    expect(transfersOpen(rules, "America/New_York", new Date("2026-11-23T15:00:00Z"))).toBe(true);
    expect(transfersOpen(rules, "America/New_York", new Date("2026-11-23T23:00:00Z"))).toBe(false);
    expect(transfersOpen({ ...rules, transfer_hours: null }, "America/New_York", new Date("2026-11-23T23:00:00Z"))).toBe(true);
  });

  it("names the first problem", () => {
    expect(escalationProblem({ numbers: ["+14155550100"], transfer_hours: null, keywords: ["manager"] })).toBeNull();
    expect(escalationProblem({ numbers: Array(6).fill("+14155550100") })).toMatch(/at most 5/);
    expect(escalationProblem({ transfer_hours: { xday: [] } })).toBe("“xday” is not a day: the days are mon, tue, wed, thu, fri, sat and sun.");
  });
});

describe("escalation rules as saved", () => {
  it("drop a number row the form added and left empty, and nothing else", () => {
    expect(savedEscalation({ numbers: ["+14155550123", ""], keywords: ["leak"] })).toEqual({ numbers: ["+14155550123"], keywords: ["leak"] });
    expect(savedEscalation({ phone: "+14155550123" })).toEqual({ phone: "+14155550123" });
  });
});

import { describe, expect, it } from "vitest";
import { agentSchemasIn } from "./agents";
import { ESCALATION_MESSAGES, escalationProblem, parseEscalation, savedEscalation, toolsAfterEscalation, transfersOpen } from "./escalation";

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

  it("read transfer numbers as the organization's region dials them, and store them as E.164", () => {
    expect(escalationProblem({ numbers: ["(720) 555-0123"] }, "US")).toBeNull();
    expect(savedEscalation({ numbers: ["(720) 555-0123", "+44 20 7946 0958"] }, "US")).toEqual({ numbers: ["+17205550123", "+442079460958"] });
    expect(savedEscalation({ numbers: ["020 7946 0958"] }, "GB")).toEqual({ numbers: ["+442079460958"] });
    expect(escalationProblem({ numbers: ["(720) 555-0123"] }, "GB")).toBe(ESCALATION_MESSAGES.numbers);
    expect(escalationProblem({ numbers: ["030 901820"] }, "EU")).toBe(ESCALATION_MESSAGES.numbers);
    expect(agentSchemasIn("GB").create.parse({ name: "Rita", escalation_json: { numbers: ["020 7946 0958"] } }).escalation_json).toEqual({
      numbers: ["+442079460958"],
    });
  });
});

describe("the wizard's transfer switch follows the first transfer number", () => {
  const none = { numbers: [""] };
  const half = { numbers: ["720555"] };
  const one = { numbers: ["(720) 555-0123"] };
  const two = { numbers: ["(720) 555-0123", "(303) 555-0199"] };
  it.each([
    ["the first number typed turns it on", ["send_sms"], none, one, ["send_sms", "transfer_call"]],
    ["a half-typed number leaves it as it is", ["send_sms"], none, half, ["send_sms"]],
    ["a second number, with the tool switched off on purpose, leaves it off", ["send_sms"], one, two, ["send_sms"]],
    ["on already: once", ["transfer_call"], none, one, ["transfer_call"]],
    ["the numbers removed leave it on (the wizard warns)", ["transfer_call"], one, none, ["transfer_call"]],
  ] as const)("%s", (_case, tools, before, after, expected) => {
    expect(toolsAfterEscalation(tools, before, after, "US")).toEqual(expected);
  });
});

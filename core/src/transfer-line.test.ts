import { describe, expect, it } from "vitest";
import { agentsTransferringTo, transfersToOwnLine } from "./transfer-line";

describe("a transfer that would ring its own line", () => {
  it.each([
    ["a transfer number as dialled that is the agent's own number", { numbers: ["(720) 555-0100"] }, ["+17205550100"], ["+17205550100"]],
    ["the older {phone} form", { phone: "720-555-0100" }, ["+17205550100"], ["+17205550100"]],
    ["a transfer number elsewhere", { numbers: ["(303) 555-0199"] }, ["+17205550100"], []],
    ["an agent with no number of its own", { numbers: ["(720) 555-0100"] }, [], []],
  ])("%s", (_case, escalation, lines, expected) => {
    expect(transfersToOwnLine(escalation, lines, "US")).toEqual(expected);
  });

  it("names the agents that transfer to a number", () => {
    const agents = [
      { name: "Sofia", escalation_json: { numbers: ["+17205550100"] } },
      { name: "Max", escalation_json: { numbers: ["+13035550199"] } },
      { name: "Ana", escalation_json: {} },
    ];
    expect(agentsTransferringTo("+17205550100", agents, "US")).toEqual(["Sofia"]);
    expect(agentsTransferringTo("+14155550100", agents, "US")).toEqual([]);
  });
});

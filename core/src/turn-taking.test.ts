import { describe, expect, it } from "vitest";
import { REALTIME_MODELS, voiceModelName } from "./turn-taking";

describe("voiceModelName: a realtime model as an owner reads it", () => {
  it.each([
    ["gpt-realtime", "Standard"],
    ["gpt-realtime-mini", "Lighter"],
    ["gpt-realtime-1.5", "Standard, version 1.5"],
    ["gpt-realtime-2", "Standard, version 2"],
    ["gpt-realtime-2.1-mini", "Lighter, version 2.1"],
    ["my-own-voice-model", "Custom model"],
  ])("%s is %s", (model, name) => expect(voiceModelName(model)).toBe(name));

  it("names every model an agent may choose without its id", () => {
    for (const model of REALTIME_MODELS) expect(voiceModelName(model)).not.toMatch(/gpt|realtime/i);
  });
});

import { describe, expect, it } from "vitest";
import { interruptingWords, spokenWords } from "./backchannel";

describe("what a caller says over the agent", () => {
  it.each([
    ["Mm-hm.", false],
    ["mhm", false],
    ["Uh-huh, yeah.", false],
    ["Okay", false],
    ["[cough]", false],
    ["(coughs) Mm.", false],
    ["*sigh*", false],
    ["", false],
    ["Sí, vale.", false],
    ["No", true],
    ["Wait, what time?", true],
    ["Yeah, but can I come at nine instead?", true],
    ["Espere, ¿a qué hora?", true],
  ])("%j interrupts: %s", (transcript, interrupts) => {
    expect(interruptingWords(transcript)).toBe(interrupts);
  });

  it("reads the words without the notes of sounds", () => {
    expect(spokenWords("[cough] Mm-hm. It's 9 o'clock")).toEqual(["mm-hm", "it's", "9", "o'clock"]);
    expect(spokenWords("(laughs)")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { concat, payloads, silence, voiced } from "./fixtures/line-audio";
import { heardWords } from "./greeting-heard";

const LINE = "One two three four five six seven eight";
/** A render of LINE as text to speech makes one: 400 ms of silence, two seconds of voice, 400 ms of silence. */
const RENDER = payloads(concat(silence(400), voiced(2_000, -16, 220), silence(400))).join("");

describe("the words of the greeting rendered ahead a caller heard", () => {
  it.each([
    ["nothing before its voice starts", 400, ""],
    ["the first word", 600, "One"],
    ["half its voice: half its words", 1_400, "One two three four"],
    ["all its voice, not the silence after", 2_400, LINE],
    ["all of it", 2_800, LINE],
    ["more than all of it (a clock past its end)", 60_000, LINE],
  ])("%s", (_case, heardMs, words) => {
    expect(heardWords(LINE, RENDER, heardMs)).toBe(words);
  });

  it("gives whole words only, more of them the more was heard", () => {
    let before = "";
    for (let ms = 0; ms <= 2_800; ms += 20) {
      const heard = heardWords(LINE, RENDER, ms);
      expect(LINE.startsWith(heard)).toBe(true);
      if (heard) expect([undefined, " "]).toContain(LINE[heard.length]);
      expect(heard.length).toBeGreaterThanOrEqual(before.length);
      before = heard;
    }
  });

  it("counts time when no frame is loud enough to tell voice from silence", () => {
    expect(heardWords(LINE, payloads(silence(1_000)).join(""), 500)).toBe("One two three four");
  });
});

import { describe, expect, it } from "vitest";
import { readTag, tagFrame } from "./frame-tag";

describe("frame tags", () => {
  it("reads back the stream and sequence a frame was tagged with", () => {
    const silence = new Uint8Array(160).fill(0xff);
    expect(readTag(tagFrame(silence, 4_001, 65_535))).toBe("4001:65535");
    expect(readTag(tagFrame(silence, 0, 0))).toBe("0:0");
  });

  it("does not read quiet audio that starts with near-silent codes as a tag", () => {
    expect(readTag(new Uint8Array(160).fill(0xff))).toBeNull();
    const fadingIn = Uint8Array.from({ length: 160 }, (_, i) => 0xff - (i % 3));
    expect(readTag(fadingIn)).toBeNull();
    // One code of the tag changed: the check no longer matches.
    const tagged = tagFrame(new Uint8Array(160).fill(0xff), 7, 9);
    tagged[5] = tagged[5]! ^ 0x01;
    expect(readTag(tagged)).toBeNull();
  });
});

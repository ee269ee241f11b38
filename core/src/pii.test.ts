import { describe, expect, it } from "vitest";
import { redactPii } from "./pii";

describe("redactPii (spec 001 §9)", () => {
  it.each([
    ["My email is ada.lovelace@example.com thanks", "My email is [EMAIL] thanks"],
    ["Call me at (415) 555-2671 today", "Call me at [PHONE] today"],
    ["call +1 415 555 2671 or 415.555.2671", "call [PHONE] or [PHONE]"],
    ["This is Ada Lovelace speaking", "This is [NAME] speaking"],
    ["I'm Mary-Jane O'Neil", "I'm [NAME]"],
    ["Ada Lovelace, ada@x.io, 4155552671", "[NAME], [EMAIL], [PHONE]"],
    ["the leak is at 42 Main street", "the leak is at 42 Main street"],
    ["my order 12345 is late", "my order 12345 is late"],
    ["", ""],
  ])("%s → %s", (input, output) => {
    expect(redactPii(input)).toBe(output);
  });
});

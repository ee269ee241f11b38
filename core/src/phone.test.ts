import { describe, expect, it } from "vitest";
import { INVALID_PHONE_FORMAT, PHONE_EXAMPLES, isOperatorE164, normalizeWidgetPhone, parsePhone, phoneFormatHint } from "./phone";

describe("normalizeWidgetPhone (spec 000 §5)", () => {
  it.each([
    ["11 digits starting with 1", "14155552671", "+14155552671"],
    ["11 digits with punctuation", "1 (415) 555-2671", "+14155552671"],
    ["10 digits become +1", "4155552671", "+14155552671"],
    ["10 digits with punctuation", "(415) 555-2671", "+14155552671"],
    ["an E.164 US number kept", "+14155552671", "+14155552671"],
    ["11 digits not starting with 1 get a plus", "44207946095", "+44207946095"],
    ["international 12 digits", "+44 20 7946 0958", "+442079460958"],
    ["15 digits, the E.164 maximum", "123456789012345", "+123456789012345"],
    ["letters mixed in are dropped", "415-555-2671 ext", "+14155552671"],
    ["a + keeps its own country code, even with 10 digits (Cuba)", "+53 5123 4567", "+5351234567"],
  ])("%s: %s → %s", (_case, input, expected) => {
    expect(normalizeWidgetPhone(input)).toEqual({ ok: true, e164: expected });
  });

  it.each([
    ["9 digits", "415555267"],
    ["letters only", "call me maybe"],
    ["empty", ""],
    ["16 digits, over E.164", "1234567890123456"],
    ["leading +0", "+0123456789012"],
    ["leading 0 without plus", "0123456789012"],
  ])("%s is invalid: %s", (_case, input) => {
    expect(normalizeWidgetPhone(input)).toEqual({ ok: false, message: INVALID_PHONE_FORMAT });
  });
});

describe("isOperatorE164 (spec 001 §5: plus, 1-9, then 6 to 14 digits)", () => {
  it.each([
    ["+14155552671", true],
    ["+1234567", true],
    ["+123456", false],
    ["+123456789012345", true],
    ["+1234567890123456", false],
    ["+0123456789", false],
    ["14155552671", false],
    ["+1 415 555 2671", false],
    ["+1415555267a", false],
    ["", false],
  ])("%s → %s", (input, expected) => {
    expect(isOperatorE164(input)).toBe(expected);
  });
});

describe("parsePhone: what an owner types, read in the organization's default region", () => {
  it.each([
    ["US", "(720) 555-0123", "+17205550123"],
    ["US", "720.555.0123", "+17205550123"],
    ["US", "1 720 555 0123", "+17205550123"],
    ["US", "+44 20 7946 0958", "+442079460958"],
    ["CA", "(416) 555-0123", "+14165550123"],
    ["GB", "020 7946 0958", "+442079460958"],
    ["GB", "07700 900123", "+447700900123"],
    ["GB", "+1 (720) 555-0123", "+17205550123"],
    ["GB", "0044 20 7946 0958", "+442079460958"],
    ["AU", "(02) 9374 4000", "+61293744000"],
    ["AU", "0412 345 678", "+61412345678"],
    ["EU", "+49 30 901820", "+4930901820"],
    ["EU", "0033 1 23 45 67 89", "+33123456789"],
  ] as const)("%s: %s → %s", (region, input, expected) => {
    expect(parsePhone(input, region)).toEqual({ ok: true, e164: expected });
  });

  it.each([
    ["US", "555-0123"],
    ["GB", "7946 0958"],
    ["GB", "(720) 555-0123"],
    ["AU", "9374 4000"],
    ["EU", "030 901820"],
    ["GB", "020 7946 0958 call me"],
  ] as const)("%s: %s is no number there", (region, input) => {
    expect(parsePhone(input, region)).toEqual({ ok: false, message: INVALID_PHONE_FORMAT });
  });

  it("gives each region's owners an example they would write", () => {
    expect(phoneFormatHint("US")).toBe("Write numbers as you dial them, like (512) 555-0123, or with their country code, like +44 20 7946 0958.");
    expect(phoneFormatHint("GB")).toBe("Write numbers as you dial them, like 020 7946 0958, or with their country code, like +1 512 555 0123.");
    expect(phoneFormatHint("EU")).toBe("Write numbers with their country code, like +49 30 901820.");
    for (const region of ["US", "CA", "GB", "AU", "EU"] as const) expect(parsePhone(PHONE_EXAMPLES[region], region).ok).toBe(true);
  });
});

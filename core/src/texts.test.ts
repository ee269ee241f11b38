import { describe, expect, it } from "vitest";
import { PLANS, findPlan } from "./plans";
import { parseFields } from "./account";
import { SETTINGS_MESSAGES, settingsPatchSchema } from "./settings";
import { TEXT_LIMIT_DEFAULTS, TEXT_MESSAGES, appointmentTextMessage, textDestinationMessage, textLimitMessage, textSegments } from "./texts";
import { PUBLIC_URL_POLICY } from "./url-guard";

describe("textSegments: how many SMS segments a body is billed as", () => {
  it.each([
    ["", "GSM-7", 1],
    ["a".repeat(160), "GSM-7", 1],
    ["a".repeat(161), "GSM-7", 2],
    ["a".repeat(306), "GSM-7", 2],
    ["a".repeat(307), "GSM-7", 3],
    // The extension table takes two septets a character: 80 euro signs fill one segment, 81 need two.
    ["€".repeat(80), "GSM-7", 1],
    ["€".repeat(81), "GSM-7", 2],
    ["¿Abierto mañana? Ñ ü à é", "GSM-7", 1],
    // "á" is not in the GSM alphabet (é is): a Spanish text often goes as UCS-2.
    ["¿Está abierto?", "UCS-2", 1],
    // One character outside the GSM alphabet makes it UCS-2: 70 units a segment, 67 when split.
    [`${"a".repeat(69)}ç`, "UCS-2", 1],
    [`${"a".repeat(70)}ç`, "UCS-2", 2],
    ["a".repeat(133) + "—", "UCS-2", 2],
    ["a".repeat(134) + "—", "UCS-2", 3],
    // An emoji is two UTF-16 units.
    ["😀".repeat(35), "UCS-2", 1],
    ["😀".repeat(36), "UCS-2", 2],
  ])("%j → %s, %i", (body, encoding, segments) => {
    expect(textSegments(body)).toEqual({ encoding, segments });
  });
});

describe("the gate's words", () => {
  it.each([
    ["+53 5123 4567", ["US", "CA"], "Texts can only go to numbers in the United States and Canada (Settings › Phone and limits)."],
    ["+1 900 555 0100", ["US", "CA"], "Texts to premium-rate and non-geographic numbers are not allowed."],
    ["+1 011 555 0100", ["US"], "That is not a valid phone number to text."],
    ["+44 20 7946 0958", ["US"], "Texts can only go to numbers in the United States (Settings › Phone and limits)."],
  ])("a text to %s with %j is refused as: %s", (to, allowed, message) => {
    expect(textDestinationMessage(to, allowed)).toBe(message);
  });

  it("says which limit was reached and when texts resume", () => {
    expect(textLimitMessage("hour", 30, 59)).toBe("Your organization has sent its 30 texts for this hour (Settings › Texts). Try again in 1 minute.");
    expect(textLimitMessage("hour", 30, 1_500)).toBe("Your organization has sent its 30 texts for this hour (Settings › Texts). Try again in 25 minutes.");
    expect(textLimitMessage("day", 200, 40_000)).toBe(
      "Your organization has sent its 200 texts for today (Settings › Texts). Texts resume at midnight, your time.",
    );
  });

  it.each([
    ["sent", null],
    [null, null],
    ["opted_out", TEXT_MESSAGES.opted_out],
    ["destination_refused", TEXT_MESSAGES.destination_refused],
    ["rate_limited", TEXT_MESSAGES.rate_limited],
    ["spend_cap", TEXT_MESSAGES.spend_cap],
    ["no_sender", TEXT_MESSAGES.no_sender],
    ["failed", TEXT_MESSAGES.provider_failed],
    ["already_told", "They were already told it is canceled."],
  ] as const)("an appointment's text %s reads %j", (outcome, message) => {
    expect(appointmentTextMessage(outcome)).toBe(message);
  });
});

describe("the text limits' bounds", () => {
  it("lets every plan keep the defaults, and Growth (the trial's) allow 100 an hour and 600 a day", () => {
    for (const plan of PLANS) {
      expect(plan.texts.perHourMax).toBeGreaterThanOrEqual(TEXT_LIMIT_DEFAULTS.perHour);
      expect(plan.texts.perDayMax).toBeGreaterThanOrEqual(TEXT_LIMIT_DEFAULTS.perDay);
    }
    expect(findPlan("growth")!.texts).toEqual({ perHourMax: 100, perDayMax: 600 });
  });

  it("checks a patch against the plan in effect, with the plan named", () => {
    const starter = findPlan("starter")!;
    const schema = settingsPatchSchema(PUBLIC_URL_POLICY, starter);
    expect(parseFields(schema, { texts_per_hour: 60, texts_per_day: 300 })).toEqual({ ok: true, data: { texts_per_hour: 60, texts_per_day: 300 } });
    expect(parseFields(schema, { texts_per_hour: 61 })).toEqual({ ok: false, fields: { texts_per_hour: SETTINGS_MESSAGES.textsPerHour(starter) } });
    expect(SETTINGS_MESSAGES.textsPerDay(starter)).toBe("Texts per day must be a whole number from 1 to 300 on the Starter plan.");
    expect(parseFields(schema, { texts_per_day: 2.5 })).toEqual({ ok: false, fields: { texts_per_day: SETTINGS_MESSAGES.textsPerDay(starter) } });
  });
});

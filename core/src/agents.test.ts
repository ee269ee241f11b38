import { describe, expect, it } from "vitest";
import { parseFields } from "./account";
import { AGENT_MESSAGES as M, agentCreateSchema, agentPatchSchema, languagesAndVoice } from "./agents";
import { ESCALATION_MESSAGES } from "./escalation";
import { HOURS_MESSAGES } from "./hours-problem";
import { TURN_TAKING_MESSAGES as T } from "./turn-taking";

describe("an agent's fields", () => {
  it("needs only a name", () => {
    expect(parseFields(agentCreateSchema, { name: "  Nikki  " })).toEqual({ ok: true, data: { name: "Nikki" } });
  });

  it("reads JSON fields given as objects or as strings", () => {
    const hours = { mon: [{ open: "08:00", close: "12:00" }], sun: [] };
    expect(parseFields(agentCreateSchema, { name: "A", hours_json: JSON.stringify(hours), crm_mapping: { company: "company_name" } })).toEqual({
      ok: true,
      data: { name: "A", hours_json: hours, crm_mapping: { company: "company_name" } },
    });
  });

  it("answers a string that is not JSON with the parser's own message", () => {
    const result = parseFields(agentCreateSchema, { name: "A", escalation_json: "{phone: +1415}" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fields.escalation_json).toMatch(/JSON|property name|Unexpected token/i);
  });

  it.each([
    [{ name: "" }, "name", M.name],
    [{ name: "x".repeat(101) }, "name", M.name],
    [{ name: "A", voice: "nova" }, "voice", M.voice],
    [{ name: "A", voice: "fable" }, "voice", M.voice],
    [{ name: "A", language: "klingon" }, "language", M.language],
    [{ name: "A", status: "paused" }, "status", M.status],
    [{ name: "A", business_hours_tz: "Mars/Olympus_Mons" }, "business_hours_tz", M.timezone],
    [{ name: "A", hours_json: { funday: [] } }, "hours_json", HOURS_MESSAGES.unknownDay("funday")],
    [{ name: "A", hours_json: { fri: [{ open: "17:00", close: "09:00" }] } }, "hours_json", "Friday closes before it opens."],
    [{ name: "A", hours_json: "[1,2]" }, "hours_json", M.object],
    [{ name: "A", escalation_json: { phone: "555-0100" } }, "escalation_json", ESCALATION_MESSAGES.numbers],
    [{ name: "A", escalation_json: { numbers: ["+14155550100", "555-0101"] } }, "escalation_json", ESCALATION_MESSAGES.numbers],
    [
      { name: "A", escalation_json: { numbers: [], transfer_hours: { mon: [{ open: "18:00", close: "09:00" }] } } },
      "escalation_json",
      "Monday's transfer hours end before they start.",
    ],
    [{ name: "A", escalation_json: { keywords: ["emergency", ""] } }, "escalation_json", ESCALATION_MESSAGES.keywords],
    [{ name: "A", tools: ["order_pizza"] }, "tools", M.tools],
    [{ name: "A", greeting: "x".repeat(501) }, "greeting", M.greeting],
    [{ name: "A", turn_detection: "none" }, "turn_detection", T.turnDetection],
    [{ name: "A", turn_detection: null }, "turn_detection", T.turnDetection],
    [{ name: "A", silence_duration_ms: 199 }, "silence_duration_ms", T.silence],
    [{ name: "A", silence_duration_ms: 2_001 }, "silence_duration_ms", T.silence],
    [{ name: "A", silence_duration_ms: 500.5 }, "silence_duration_ms", T.silence],
    [{ name: "A", silence_duration_ms: "500" }, "silence_duration_ms", T.silence],
    [{ name: "A", eagerness: "eager" }, "eagerness", T.eagerness],
    [{ name: "A", noise_reduction: "studio" }, "noise_reduction", T.noiseReduction],
    [{ name: "A", noise_reduction: null }, "noise_reduction", T.noiseReduction],
    [{ name: "A", interruption_min_ms: 99 }, "interruption_min_ms", T.interruption],
    [{ name: "A", interruption_min_ms: 1_501 }, "interruption_min_ms", T.interruption],
    [{ name: "A", realtime_model: "" }, "realtime_model", T.modelName],
    [{ name: "A", realtime_model: "gpt realtime; drop" }, "realtime_model", T.modelName],
    [{ name: "A", realtime_model: 4 }, "realtime_model", T.modelName],
  ])("refuses %j: fields.%s", (body, field, message) => {
    expect(parseFields(agentCreateSchema, body)).toEqual({ ok: false, fields: { [field]: message } });
  });

  it("takes turn-taking settings within their bounds, and null for the deployment's model", () => {
    const settings = {
      turn_detection: "semantic_vad",
      silence_duration_ms: 200,
      eagerness: "low",
      noise_reduction: "off",
      interruption_min_ms: 1_500,
      realtime_model: "gpt-realtime-2.1-mini",
    };
    expect(parseFields(agentCreateSchema, { name: "A", ...settings })).toEqual({ ok: true, data: { name: "A", ...settings } });
    expect(parseFields(agentPatchSchema, { realtime_model: null, silence_duration_ms: 2_000, interruption_min_ms: 100 })).toEqual({
      ok: true,
      data: { realtime_model: null, silence_duration_ms: 2_000, interruption_min_ms: 100 },
    });
  });

  it("patches any subset, the name included", () => {
    expect(parseFields(agentPatchSchema, { status: "inactive" })).toEqual({ ok: true, data: { status: "inactive" } });
    expect(parseFields(agentPatchSchema, { name: "" })).toMatchObject({ ok: false, fields: { name: M.name } });
  });
});

describe("an agent's languages and voice", () => {
  it("names both languages and the voice as the voice picker does", () => {
    expect(languagesAndVoice({ language: "en-US", secondary_language: "es-ES", voice: "sage" })).toBe("English (US) and Spanish · voice Sage");
  });

  it("names one language when there is no second, or the second is the agent's own", () => {
    expect(languagesAndVoice({ language: "fr-FR", secondary_language: null, voice: "coral" })).toBe("French · voice Coral");
    expect(languagesAndVoice({ language: "es-ES", secondary_language: "es-ES", voice: "alloy" })).toBe("Spanish · voice Alloy");
  });
});

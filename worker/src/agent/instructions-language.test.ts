import { describe, expect, it } from "vitest";
import type { agents } from "../db/schema";
import { agentInstructions, openingLine } from "./instructions";

type Agent = typeof agents.$inferSelect;
const agent = (over: Partial<Agent>): Agent =>
  ({
    name: "Rosa",
    language: "en-US",
    secondaryLanguage: null,
    secondaryGreeting: null,
    greeting: null,
    personaPrompt: "",
    businessHoursTz: "America/New_York",
    hoursJson: "{}",
    tools: "[]",
    ...over,
  }) as Agent;
const instructions = (over: Partial<Agent>) => agentInstructions({ agent: agent(over), organizationName: "Acme", channel: "call", now: new Date() });

describe("a call's languages in the agent's instructions and opening line (issue 37 §4, §6)", () => {
  it("names the language the call opens in, and the second one, and follows the caller's", () => {
    expect(instructions({})).toContain("Language: you open the call in English. Detect which language the caller speaks");
    expect(instructions({ secondaryLanguage: "es-ES" })).toContain("Language: you open the call in English and Spanish.");
    expect(instructions({ language: "fr-FR", secondaryLanguage: "de-DE" })).toContain("Language: you open the call in French and German.");
  });

  it("opens with the notice in the agent's language, its greeting, then the line in both languages", () => {
    expect(openingLine(agent({ language: "es-ES", secondaryLanguage: "en-US" }), "Fontanería Ruiz", { announceRecording: true })).toBe(
      "Esta llamada puede ser grabada. Gracias por llamar a Fontanería Ruiz, le atiende Rosa. ¿En qué puedo ayudarle? También hablamos inglés. We also speak English.",
    );
    expect(openingLine(agent({ greeting: "Acme, Rosa speaking.", secondaryLanguage: "es-ES", secondaryGreeting: "Se habla español." }), "Acme")).toBe(
      "Acme, Rosa speaking. Se habla español.",
    );
  });
});

import { describe, expect, it } from "vitest";
import {
  callerLanguageNote,
  callerLanguageOf,
  defaultSecondaryGreeting,
  detectLanguage,
  languageCodeOf,
  openingLineOf,
  recordingNotice,
  recordingNoticeHint,
} from "./caller-language";
import { storedLanguageVerdict, textsLanguageVerdict } from "./language-verdict";
import { defaultGreeting, greetingOf } from "./agents";
import { appointmentText } from "./appointment-copy";
import { followUpText } from "./follow-up-copy";

describe("detectLanguage: the caller's language from their first turn", () => {
  it.each([
    ["Hola, soy Lucía Fernández. Necesito una cita para mañana a las 9.", "es"],
    ["Hi, this is Ada Lovelace. Can I book a plumber for tomorrow morning?", "en"],
    ["Bonjour, je voudrais un rendez-vous pour demain.", "fr"],
    ["Hallo, ich möchte bitte einen Termin für morgen.", "de"],
    ["Ciao, sono Marco, vorrei un appuntamento per domani.", "it"],
    ["Olá, sou a Ana, preciso de uma consulta amanhã.", "pt"],
    ["¿Tienen horario el sábado?", "es"],
  ])("%s → %s", (text, code) => {
    expect(detectLanguage(text)).toBe(code);
  });

  it("says nothing when the words do not tell (none known, or a tie)", () => {
    expect(detectLanguage("Lucía Fernández")).toBeNull();
    expect(detectLanguage("")).toBeNull();
  });

  it("the call's: the first of the caller's first three turns that tells it", () => {
    const turn = (content: string, role = "user") => ({ role, content });
    expect(callerLanguageOf([turn("Thanks for calling!", "assistant"), turn("Lucía Fernández"), turn("Necesito una cita")])).toBe("es");
    expect(callerLanguageOf([turn("Lucía"), turn("Ruiz"), turn("+1 415 555 0188"), turn("Quiero una cita")])).toBeNull();
    expect(callerLanguageOf([{ role: "user", content: "Lucía Fernández", language: "es" }])).toBe("es");
    expect(callerLanguageOf([])).toBeNull();
  });

  it("takes the recogniser's language when it is an agent language, else reads the words", () => {
    expect(detectLanguage("ok", "es")).toBe("es");
    expect(detectLanguage("Hola, quiero una cita", "ja")).toBe("es");
  });
});

describe("the words a call opens with", () => {
  const agent = { language: "en-US", secondaryLanguage: null, secondaryGreeting: null };

  it("the default greeting is in the agent's language; one the business wrote is kept", () => {
    expect(defaultGreeting("Acme", "Rosa")).toBe("Thanks for calling Acme, this is Rosa. How can I help?");
    expect(defaultGreeting("Fontanería Ruiz", "Rosa", "es-ES")).toBe("Gracias por llamar a Fontanería Ruiz, le atiende Rosa. ¿En qué puedo ayudarle?");
    expect(greetingOf({ name: "Rosa", greeting: null, language: "pt-BR" }, "Acme")).toBe("Obrigado por ligar para Acme, aqui é Rosa. Como posso ajudar?");
    expect(greetingOf({ name: "Rosa", greeting: " Hola. ", language: "en-US" }, "Acme")).toBe("Hola.");
  });

  it("the recording notice is the agent's first words, in its language, only when announced", () => {
    expect(openingLineOf(agent, "Thanks for calling Acme.", { announceRecording: true })).toBe("This call may be recorded. Thanks for calling Acme.");
    expect(openingLineOf(agent, "Thanks for calling Acme.", { announceRecording: false })).toBe("Thanks for calling Acme.");
    expect(recordingNotice("es-ES")).toBe("Esta llamada puede ser grabada.");
    expect(recordingNotice("de-DE")).toBe("Dieser Anruf kann aufgezeichnet werden.");
  });

  it("when owners may listen in live, the notice says the call may be monitored too, whether or not recording is announced", () => {
    expect(openingLineOf(agent, "Thanks for calling Acme.", { announceRecording: true, monitored: true })).toBe(
      "This call may be recorded or monitored. Thanks for calling Acme.",
    );
    expect(openingLineOf(agent, "Hi.", { announceRecording: false, monitored: true })).toBe("This call may be recorded or monitored. Hi.");
    expect(openingLineOf({ ...agent, language: "es-MX" }, "Hola.", { announceRecording: true, monitored: true })).toBe(
      "Esta llamada puede ser grabada o monitoreada. Hola.",
    );
  });

  it("Settings quotes the notice the call says: recorded, or recorded or monitored while live listening is on", () => {
    expect(recordingNoticeHint(false)).toBe(`Callers hear "${recordingNotice("en-US")}" first, in the agent's language.`);
    expect(recordingNoticeHint(true)).toBe(`Callers hear "${recordingNotice("en-US", true)}" first, in the agent's language, while live listening is on.`);
    expect(recordingNoticeHint(true)).toContain('"This call may be recorded or monitored."');
  });

  it("with a secondary language, a line in both languages follows the greeting: the pair's default or the business's words", () => {
    expect(defaultSecondaryGreeting("en-US", "es-ES")).toBe("We also speak Spanish. También hablamos español.");
    expect(defaultSecondaryGreeting("es-ES", "en-US")).toBe("También hablamos inglés. We also speak English.");
    expect(defaultSecondaryGreeting("en-US", "en-US")).toBeNull();
    expect(defaultSecondaryGreeting("en-US", null)).toBeNull();
    const bilingual = { ...agent, secondaryLanguage: "es-ES" };
    expect(openingLineOf(bilingual, "Thanks for calling Acme.", { announceRecording: false })).toBe(
      "Thanks for calling Acme. We also speak Spanish. También hablamos español.",
    );
    expect(openingLineOf({ ...bilingual, secondaryGreeting: " Se habla español. " }, "Hi.", { announceRecording: true })).toBe(
      "This call may be recorded. Hi. Se habla español.",
    );
    // A secondary language that is the agent's own says nothing more, whatever was written.
    expect(openingLineOf({ ...agent, secondaryLanguage: "en-US", secondaryGreeting: "Hello hello" }, "Hi.", { announceRecording: false })).toBe("Hi.");
  });
});

describe("after the call, in the caller's language", () => {
  it("the summary notes a caller's language in the business's, when the two differ", () => {
    expect(callerLanguageNote("es", "en-US")).toBe("The caller spoke Spanish.");
    expect(callerLanguageNote("en", "es-ES")).toBe("La persona que llamó habló inglés.");
    expect(callerLanguageNote("en", "en-US")).toBeNull();
    expect(callerLanguageNote(null, "en-US")).toBeNull();
  });

  it("codes are primary subtags of agent languages", () => {
    expect(languageCodeOf("es-ES")).toBe("es");
    expect(languageCodeOf("PT_br")).toBe("pt");
    expect(languageCodeOf("ja-JP")).toBeNull();
    expect(languageCodeOf(null)).toBeNull();
  });

  it("the Test Suite's checks: the stored language, and every text to the caller in it", () => {
    expect(storedLanguageVerdict("es", "es")).toEqual({ passed: true, reason: "The call is stored as Spanish." });
    expect(storedLanguageVerdict("en", "es")).toEqual({ passed: false, reason: "The call is stored as English, not Spanish." });
    expect(storedLanguageVerdict(null, "es").passed).toBe(false);
    const spanish = [
      followUpText("es", "Fontanería Ruiz"),
      appointmentText("confirmed", "es", {
        business: "Fontanería Ruiz",
        service: "Visita",
        label: "martes 3 de marzo a las 9:00",
        code: "AB12CD",
        link: "https://x/a/t",
      }),
    ];
    expect(textsLanguageVerdict(spanish, "es")).toEqual({ passed: true, reason: "The caller would get 2 texts in Spanish." });
    expect(textsLanguageVerdict([...spanish, followUpText("en", "Acme")], "es").passed).toBe(false);
    expect(textsLanguageVerdict([], "es").passed).toBe(false);
  });
});

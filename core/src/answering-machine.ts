/**
 * Answering machine detection on the calls the product places (test calls and demo calls): Twilio's AnsweredBy
 * values, what the product keeps of them, the short message left on a machine in the agent's language, and what
 * the dashboard says of such a call.
 */

/** Twilio's AnsweredBy values (MachineDetection=DetectMessageEnd answers the machine_end_* ones; Enable machine_start). */
export const TWILIO_ANSWERED_BY = ["human", "machine_start", "machine_end_beep", "machine_end_silence", "machine_end_other", "fax", "unknown"] as const;
export type TwilioAnsweredBy = (typeof TWILIO_ANSWERED_BY)[number];

/** Who answered a call the product placed, as stored and served (`answered_by`); null for a call not checked. */
export const ANSWERED_BY = ["human", "machine", "fax", "unknown"] as const;
export type AnsweredBy = (typeof ANSWERED_BY)[number];

export function answeredByOf(value: string | undefined): AnsweredBy | null {
  if (!value || !(TWILIO_ANSWERED_BY as readonly string[]).includes(value)) return null;
  if (value.startsWith("machine_")) return "machine";
  return value as AnsweredBy;
}

/** A machine or a fax answered: the call's record says what was done, no conversation's analysis (no model). */
export const isMachine = (answeredBy: AnsweredBy | null): answeredBy is "machine" | "fax" => answeredBy === "machine" || answeredBy === "fax";

/** Why the product rang: a test call from the dashboard, or a demo call a website visitor asked for. */
export const DIAL_PURPOSES = ["test_call", "demo_call"] as const;
export type DialPurpose = (typeof DIAL_PURPOSES)[number];

interface MessageParts {
  agent: string;
  business: string;
  /** The business's number, as digits to be read out one by one. */
  number: string;
}

type Wording = Record<DialPurpose, (parts: MessageParts) => string>;

/** The message left on a machine, per agent language (core's AGENT_LANGUAGES, by primary subtag). */
const VOICEMAIL_WORDING: Record<string, Wording> = {
  en: {
    test_call: ({ agent, business }) =>
      `Hi, this is ${agent} from ${business}, with the test call you placed from your dashboard. Sorry we missed you. Place another test call when you can pick up. Goodbye.`,
    demo_call: ({ agent, business, number }) =>
      `Hi, this is ${agent} from ${business}, returning the call you asked for on our website. Sorry we missed you. Call us back at ${number} whenever it suits you. Goodbye.`,
  },
  es: {
    test_call: ({ agent, business }) =>
      `Hola, soy ${agent} de ${business}, con la llamada de prueba que hizo desde su panel. Siento no haberle encontrado. Haga otra llamada de prueba cuando pueda contestar. Adiós.`,
    demo_call: ({ agent, business, number }) =>
      `Hola, soy ${agent} de ${business}, devolviendo la llamada que pidió en nuestra web. Siento no haberle encontrado. Llámenos al ${number} cuando le venga bien. Adiós.`,
  },
  fr: {
    test_call: ({ agent, business }) =>
      `Bonjour, ici ${agent} de ${business}, pour l'appel de test lancé depuis votre tableau de bord. Désolé de vous avoir manqué. Relancez un appel de test quand vous pourrez répondre. Au revoir.`,
    demo_call: ({ agent, business, number }) =>
      `Bonjour, ici ${agent} de ${business}, pour l'appel demandé sur notre site. Désolé de vous avoir manqué. Rappelez-nous au ${number} quand vous voulez. Au revoir.`,
  },
  de: {
    test_call: ({ agent, business }) =>
      `Hallo, hier ist ${agent} von ${business}, mit dem Testanruf aus Ihrem Dashboard. Leider haben wir Sie nicht erreicht. Starten Sie einen neuen Testanruf, wenn Sie abnehmen können. Auf Wiederhören.`,
    demo_call: ({ agent, business, number }) =>
      `Hallo, hier ist ${agent} von ${business}, mit dem Rückruf, den Sie auf unserer Website angefragt haben. Leider haben wir Sie nicht erreicht. Rufen Sie uns gern unter ${number} zurück. Auf Wiederhören.`,
  },
  it: {
    test_call: ({ agent, business }) =>
      `Ciao, sono ${agent} di ${business}, con la chiamata di prova avviata dalla sua dashboard. Peccato non averla trovata. Avvii un'altra chiamata di prova quando può rispondere. Arrivederci.`,
    demo_call: ({ agent, business, number }) =>
      `Ciao, sono ${agent} di ${business}, per la chiamata richiesta sul nostro sito. Peccato non averla trovata. Ci richiami al ${number} quando vuole. Arrivederci.`,
  },
  pt: {
    test_call: ({ agent, business }) =>
      `Olá, aqui é ${agent} da ${business}, com a ligação de teste que você fez pelo painel. Que pena não te encontrar. Faça outra ligação de teste quando puder atender. Tchau.`,
    demo_call: ({ agent, business, number }) =>
      `Olá, aqui é ${agent} da ${business}, retornando a ligação que você pediu no nosso site. Que pena não te encontrar. Ligue para ${number} quando puder. Tchau.`,
  },
};

/** A number read out digit by digit ("+1 312 555 0142" → "1 3 1 2 5 5 5 0 1 4 2"), as a message on a machine says it. */
export const spokenDigits = (e164: string) => e164.replace(/\D/g, "").split("").join(" ");

/** What the agent leaves on a machine: who calls, from which business, what the call was about, in the agent's language. */
export function voicemailMessage(input: { language: string; purpose: DialPurpose; agent: string; business: string; number: string }): string {
  const wording = VOICEMAIL_WORDING[input.language.slice(0, 2).toLowerCase()] ?? VOICEMAIL_WORDING.en!;
  return wording[input.purpose]({ agent: input.agent, business: input.business, number: spokenDigits(input.number) });
}

/** What the call's record says happened (its summary: no model is asked about a machine), in the dashboard's words. */
export function machineSummary(answeredBy: "machine" | "fax", message: string): string {
  return answeredBy === "machine"
    ? `Reached voicemail. The agent left this message and hung up: “${message}”`
    : "A fax machine answered. The agent hung up without speaking.";
}

/** Who answered, as the call's detail and the test call's toast say it. */
export const ANSWERED_BY_LABELS: Record<AnsweredBy, string> = {
  human: "A person",
  machine: "An answering machine",
  fax: "A fax machine",
  unknown: "Not known",
};

/** What the test-call status says in plain words when a machine answered; null when a person did (or nobody knows). */
export function answeredByMessage(answeredBy: AnsweredBy | null, agent: string): string | null {
  if (answeredBy === "machine") return `Your voicemail answered, so ${agent} left a short message and hung up. Pick up next time to talk to ${agent}.`;
  if (answeredBy === "fax") return `A fax machine answered, so ${agent} hung up. Check the number and try again.`;
  return null;
}

/**
 * The caller's language (issue 37 §4): the languages' names, and the words a call opens with in the agent's language
 * (the recording notice, the line in both languages); which language a caller speaks is language-detection.ts's.
 */
import { AGENT_LANGUAGES } from "./constants";
import { type LanguageCode, languageCodeOf } from "./language-detection";

export { LANGUAGE_CODES, type LanguageCode, callerLanguageOf, detectLanguage, languageCodeOf } from "./language-detection";

/** The agent language (`es-ES`) a code names. */
export function agentLanguageOf(code: LanguageCode): (typeof AGENT_LANGUAGES)[number] {
  return AGENT_LANGUAGES.find((tag) => tag.startsWith(`${code}-`))!;
}

/** Each language's name, written in each language: NAMES[in][of]. */
const NAMES: Record<LanguageCode, Record<LanguageCode, string>> = {
  en: { en: "English", es: "Spanish", fr: "French", de: "German", it: "Italian", pt: "Portuguese" },
  es: { en: "inglés", es: "español", fr: "francés", de: "alemán", it: "italiano", pt: "portugués" },
  fr: { en: "anglais", es: "espagnol", fr: "français", de: "allemand", it: "italien", pt: "portugais" },
  de: { en: "Englisch", es: "Spanisch", fr: "Französisch", de: "Deutsch", it: "Italienisch", pt: "Portugiesisch" },
  it: { en: "inglese", es: "spagnolo", fr: "francese", de: "tedesco", it: "italiano", pt: "portoghese" },
  pt: { en: "inglês", es: "espanhol", fr: "francês", de: "alemão", it: "italiano", pt: "português" },
};

/** A language's name as the dashboard shows it ("Spanish"). */
export const languageName = (code: LanguageCode, writtenIn: LanguageCode = "en") => NAMES[writtenIn][code];

const RECORDING_NOTICE: Record<LanguageCode, string> = {
  en: "This call may be recorded.",
  es: "Esta llamada puede ser grabada.",
  fr: "Cet appel peut être enregistré.",
  de: "Dieser Anruf kann aufgezeichnet werden.",
  it: "Questa chiamata potrebbe essere registrata.",
  pt: "Esta chamada pode ser gravada.",
};

/** Said instead when the organization lets its owners and admins listen in to calls live (issue 56 §2). */
const MONITORING_NOTICE: Record<LanguageCode, string> = {
  en: "This call may be recorded or monitored.",
  es: "Esta llamada puede ser grabada o monitoreada.",
  fr: "Cet appel peut être enregistré ou écouté.",
  de: "Dieser Anruf kann aufgezeichnet oder mitgehört werden.",
  it: "Questa chiamata potrebbe essere registrata o ascoltata.",
  pt: "Esta chamada pode ser gravada ou monitorada.",
};

/** The recording notice, in the agent's language (said by the agent as part of its opening line); `monitored`: the one that says so too. */
export const recordingNotice = (language: string, monitored = false) => (monitored ? MONITORING_NOTICE : RECORDING_NOTICE)[languageCodeOf(language) ?? "en"];

/**
 * Settings' words for the notice a call opens with, quoting it as the call says it (openingLineOf): "may be recorded",
 * or while live listening is allowed "may be recorded or monitored" (said then whether or not the recording is announced).
 */
export function recordingNoticeHint(monitored: boolean): string {
  const said = `Callers hear "${recordingNotice("en", monitored)}" first, in the agent's language`;
  return monitored ? `${said}, while live listening is on.` : `${said}.`;
}

const ALSO_SPOKEN: Record<LanguageCode, (name: string) => string> = {
  en: (name) => `We also speak ${name}.`,
  es: (name) => `También hablamos ${name}.`,
  fr: (name) => `Nous parlons aussi ${name}.`,
  de: (name) => `Wir sprechen auch ${name}.`,
  it: (name) => `Parliamo anche ${name}.`,
  pt: (name) => `Também falamos ${name}.`,
};

/**
 * The line in both languages an agent with a secondary language says after its greeting, unless the business wrote
 * its own: "We also speak Spanish. También hablamos español." Null when there is no (other) secondary language.
 */
export function defaultSecondaryGreeting(language: string, secondary: string | null | undefined): string | null {
  const first = languageCodeOf(language) ?? "en";
  const second = languageCodeOf(secondary);
  if (!second || second === first) return null;
  return `${ALSO_SPOKEN[first](NAMES[first][second])} ${ALSO_SPOKEN[second](NAMES[second][second])}`;
}

export interface OpeningAgent {
  language: string;
  secondaryLanguage: string | null;
  secondaryGreeting: string | null;
}

/**
 * What a call opens with, said by the agent in its voice: the recording notice when the call is recorded and announced,
 * or whenever it may be listened to live (`monitored`: "may be recorded or monitored"), the greeting, then (with a
 * secondary language) the line in both languages.
 */
export function openingLineOf(agent: OpeningAgent, greeting: string, options: { announceRecording: boolean; monitored?: boolean }): string {
  const pairDefault = defaultSecondaryGreeting(agent.language, agent.secondaryLanguage);
  const bilingual = pairDefault ? agent.secondaryGreeting?.trim() || pairDefault : "";
  const notice = options.monitored ? recordingNotice(agent.language, true) : options.announceRecording ? recordingNotice(agent.language) : "";
  return [notice, greeting, bilingual].filter(Boolean).join(" ");
}

/** The summary's note of the caller's language, in the business's language, when the two differ. */
export function callerLanguageNote(caller: LanguageCode | null, business: string): string | null {
  const written = languageCodeOf(business) ?? "en";
  if (!caller || caller === written) return null;
  const name = NAMES[written][caller];
  const notes: Record<LanguageCode, string> = {
    en: `The caller spoke ${name}.`,
    es: `La persona que llamó habló ${name}.`,
    fr: `L'appelant a parlé ${name}.`,
    de: `Der Anrufer sprach ${name}.`,
    it: `Il chiamante ha parlato ${name}.`,
    pt: `A pessoa que ligou falou ${name}.`,
  };
  return notes[written];
}

/**
 * Which of the agent languages a caller speaks, told from what they said (issue 37 §4). Its own file: the media plane
 * detects it on the call's first turns and carries nothing else of the product's language words.
 */

/** The primary subtag of an agent language: what a call stores as its `language`. */
export const LANGUAGE_CODES = ["en", "es", "fr", "de", "it", "pt"] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** "es-ES" → "es"; null for a tag that is not one of the agent languages'. */
export function languageCodeOf(tag: string | null | undefined): LanguageCode | null {
  const code = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGE_CODES as readonly string[]).includes(code ?? "") ? (code as LanguageCode) : null;
}

/**
 * Words common in each language's everyday speech (function words, greetings, a receptionist's usual requests). A
 * word several languages share counts for each; letters only one language writes count for it too.
 */
const WORDS: Record<LanguageCode, ReadonlySet<string>> = {
  en: new Set(
    "the a an i i'm you is are this that it my me to for and of can hi hello please want need would like book thanks thank yes what with on in have do tomorrow appointment call morning afternoon".split(
      " ",
    ),
  ),
  es: new Set(
    "el la los las un una y de que es soy hola quiero necesito para por favor gracias mi me llamo cita mañana sí con buenos buenas días tardes usted puedo tengo número hablar está del al".split(
      " ",
    ),
  ),
  fr: new Set("le la les un une et de je suis bonjour merci voudrais rendez-vous pour est vous mon ma demain oui avec plaît j'ai c'est".split(" ")),
  de: new Set("der die das und ich bin hallo guten tag bitte danke möchte einen termin für mit ist mein meine morgen ja nicht sie haben".split(" ")),
  it: new Set("il lo gli una e di che sono ciao buongiorno grazie vorrei appuntamento per mi chiamo domani sì con prego ho numero".split(" ")),
  pt: new Set(
    "o os um uma e de que sou olá oi obrigado obrigada quero preciso para por favor meu minha consulta amanhã sim com bom dia tenho número falar você".split(
      " ",
    ),
  ),
};

const LETTERS: [RegExp, LanguageCode][] = [
  [/[ñ¿¡]/, "es"],
  [/[ãõç]/, "pt"],
  [/[äöüß]/, "de"],
];

/**
 * The language a caller spoke, from what they said (one turn's transcript) and, when the speech recogniser reported
 * one, its language code (which wins when it is an agent language). Null when the words do not tell (too few, or a tie).
 */
export function detectLanguage(text: string, recognised?: string | null): LanguageCode | null {
  const reported = languageCodeOf(recognised);
  if (reported) return reported;
  const lower = text.toLowerCase();
  const tokens = lower.match(/[\p{L}'-]+/gu) ?? [];
  const scores = LANGUAGE_CODES.map((code) => {
    const words = tokens.filter((token) => WORDS[code].has(token)).length;
    const letters = LETTERS.filter(([pattern, language]) => language === code && pattern.test(lower)).length;
    return { code, score: words + letters * 2 };
  }).sort((a, b) => b.score - a.score);
  const [best, next] = scores;
  return best && best.score > 0 && best.score > (next?.score ?? 0) ? best.code : null;
}

/** The caller's language: from the first of their (first three) turns that tells it; null when none does. */
export function callerLanguageOf(entries: readonly { role: string; content: string; language?: string }[]): LanguageCode | null {
  for (const entry of entries.filter((candidate) => candidate.role === "user").slice(0, 3)) {
    const language = detectLanguage(entry.content, entry.language);
    if (language) return language;
  }
  return null;
}

/**
 * The Test Suite's checks of the caller's language (issue 37 §4): the call is stored in the language the caller spoke,
 * and every text the call would send the caller is written in it.
 */
import { plural } from "./plural";
import { type LanguageCode, detectLanguage, languageCodeOf, languageName } from "./caller-language";

type Verdict = { passed: boolean; reason: string };

/** "The call is stored as Spanish": the call's `language` is the one expected (`expected`: a code such as "es"). */
export function storedLanguageVerdict(stored: string | null | undefined, expected: string | null): Verdict {
  const want = languageCodeOf(expected) ?? "en";
  const got = languageCodeOf(stored);
  if (got === want) return { passed: true, reason: `The call is stored as ${languageName(want)}.` };
  return { passed: false, reason: got ? `The call is stored as ${languageName(got)}, not ${languageName(want)}.` : "No language was stored for the call." };
}

/** "The texts are in Spanish": the caller would get at least one text, and each reads in the language expected. */
export function textsLanguageVerdict(texts: readonly string[] | undefined, expected: string | null): Verdict {
  const want: LanguageCode = languageCodeOf(expected) ?? "en";
  const name = languageName(want);
  if (!texts?.length) return { passed: false, reason: "No text would have been sent to the caller (no booking confirmation, no follow-up)." };
  const other = texts.find((text) => detectLanguage(text) !== want);
  if (other) return { passed: false, reason: `A text is not in ${name}: “${other.slice(0, 120)}”` };
  return { passed: true, reason: `The caller would get ${plural(texts.length, "text")} in ${name}.` };
}

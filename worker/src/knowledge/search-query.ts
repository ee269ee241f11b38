/**
 * A caller's words as a safe FTS5 MATCH expression: only letters and digits reach it, each word a quoted string (no
 * operator, column name, quote or hyphen of the caller's is ever read as syntax), stop words left out, each word ORed
 * with its synonyms (search-words.ts), a longer word also as a prefix ("appoint*" finds "appointments" and
 * "appointed"), and the whole restricted to the title, content and page columns and to the organization's rows.
 */
import { PHRASES, STOP_WORDS, withSynonyms } from "./search-words";

/** At most this many of the caller's words are looked up (a rambling question stays a cheap query). */
const MAX_WORDS = 12;
/** Words this long are also looked up as a prefix. */
const PREFIX_FROM = 6;

/** A string as an FTS5 string: in double quotes, a double quote inside doubled. */
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The words of a query worth looking up: lower case, letters and digits only, no stop words, each once. */
export function searchWords(query: string): string[] {
  const said = PHRASES.reduce((text, [phrase, word]) => text.replace(phrase, word), query.normalize("NFKC").toLowerCase());
  const words = said
    .replace(/['’]s\b/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** One word and its synonyms as FTS5 terms. */
function termsOf(word: string): string[] {
  return withSynonyms(word).map((term) => (term.length >= PREFIX_FROM ? `${quoted(term)}*` : quoted(term)));
}

/** The MATCH expression for a query within one organization, or null when the query has no word worth looking up. */
export function matchExpression(query: string, organizationId: string): string | null {
  const words = searchWords(query);
  if (!words.length) return null;
  const terms = [...new Set(words.flatMap(termsOf))];
  return `organization_id : ${quoted(organizationId)} AND {title content page} : (${terms.join(" OR ")})`;
}

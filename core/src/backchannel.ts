/**
 * What a caller says over the agent that is no interruption (the media plane's false-interruption guard: issue 55): a
 * backchannel ("mm-hm", "yeah", "sí") tells the agent to go on, and a recogniser's note of a noise ("[cough]",
 * "(laughs)") is no words at all. Apart from the rest of core so the media plane's bundle carries only these lines.
 */

/** Words that, alone or together, only say "go on" (English and Spanish, the languages calls are taken in). */
const BACKCHANNEL_WORDS = new Set([
  "mm",
  "mmm",
  "mhm",
  "mm-hm",
  "mm-hmm",
  "hm",
  "hmm",
  "uh-huh",
  "uh",
  "um",
  "ah",
  "oh",
  "aha",
  "yeah",
  "yep",
  "yes",
  "ok",
  "okay",
  "right",
  "sure",
  "sí",
  "si",
  "ajá",
  "aja",
  "vale",
  "claro",
  "eh",
]);

/** A recogniser's note of a sound rather than words: "[cough]", "(laughs)", "*sigh*". */
const SOUND_NOTE = /\[[^\]]*\]|\([^)]*\)|\*[^*]*\*/g;

/** The words of a caller's transcript, lower case, without the notes of sounds: "[cough] Mm-hm." is ["mm-hm"]. */
export function spokenWords(transcript: string): string[] {
  return transcript
    .replace(SOUND_NOTE, " ")
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((word) => word.replace(/^[-']+|[-']+$/g, ""))
    .filter(Boolean);
}

/**
 * Whether a caller's transcript has words that interrupt the agent: any word besides backchannels and notes of
 * sounds. "Mm-hm." and "[cough]" have none; "Wait, what time?" and "No" have.
 */
export const interruptingWords = (transcript: string) => spokenWords(transcript).some((word) => !BACKCHANNEL_WORDS.has(word));

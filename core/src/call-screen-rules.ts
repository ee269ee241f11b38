/**
 * The media plane's side of screening (issue 37 §5), apart from screening.ts so its bundle carries these lines and
 * nothing of the dashboard's words: when a silent caller is told goodbye, what a recording talking over the greeting is.
 */

/** A caller who has not spoken this long after the greeting played out is told goodbye and the call ends. */
export const SILENT_AFTER_GREETING_MS = 10_000;

/**
 * A recorded message talks over the greeting without pausing: speech that starts before the greeting's first audio
 * or within this long of it (before a person could have heard who answered)...
 */
export const TALK_OVER_START_MS = 1_500;
/** ...and runs this long without the pause (server VAD's speech_stopped) a person leaves to hear an answer. */
export const TALK_OVER_SPEECH_MS = 6_000;

/** The model's last line to a caller who said nothing (it says it in the greeting's language). */
export const SILENT_GOODBYE_INSTRUCTIONS =
  "Nobody has spoken since your greeting. Say exactly this, in the language of your greeting, and nothing else: \"I can't hear anyone on the line, so I'll hang up now. Please call back any time. Goodbye.\"";

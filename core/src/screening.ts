/**
 * Calls that are not customers (issue 37 §5): a caller who never speaks, a number the business blocked, a robocall.
 * Such a call is ended early, stored with why (`calls.screened`), never analysed, alerted or billed as AI minutes,
 * and its outcome is `silent` or `spam`.
 */

export * from "./call-screen-rules";

/** Why a call was screened: the stored value. */
export const SCREENED_AS = ["silent", "blocked", "talk_over", "repeat_caller"] as const;
export type ScreenedAs = (typeof SCREENED_AS)[number];

export const isScreenedAs = (value: unknown): value is ScreenedAs => (SCREENED_AS as readonly unknown[]).includes(value);

/** The outcome a screened call shows: `silent` for a caller who said nothing, `spam` for the rest. */
export const screenedOutcome = (screened: ScreenedAs): "silent" | "spam" => (screened === "silent" ? "silent" : "spam");

/** The same caller ringing more than this many times in REPEAT_CALL_WINDOW_MINUTES is a robocall. */
export const REPEAT_CALL_LIMIT = 5;
export const REPEAT_CALL_WINDOW_MINUTES = 10;

/** Whether this call is one too many: `earlierCalls` counts that number's calls to this business within the window. */
export const isRepeatCaller = (earlierCalls: number) => earlierCalls >= REPEAT_CALL_LIMIT;

/** At most this many blocked numbers per organization. */
export const BLOCKED_NUMBERS_MAX = 500;

/** What a caller screened before the stream hears, in the agent's language when it is one of these. */
export const SPAM_GOODBYE: Record<string, string> = {
  en: "Sorry, this number can't take your call. Goodbye.",
  es: "Lo sentimos, este número no puede atender su llamada. Adiós.",
};

/** What the dashboard says about a screened call, in place of its analysis. */
export const SCREENED_MESSAGES: Record<ScreenedAs, string> = {
  silent: "The caller never spoke, so your agent said goodbye and hung up after 10 seconds. Not analysed and not counted in your plan's minutes.",
  blocked: "This number is blocked in Settings › Calls: the caller heard a short message and the call was hung up. Not analysed or billed as AI minutes.",
  talk_over:
    "A recorded message talked over your agent's greeting without pausing, so the call was treated as a robocall and hung up. Not analysed or billed as AI minutes.",
  repeat_caller: `This number rang more than ${REPEAT_CALL_LIMIT} times in ${REPEAT_CALL_WINDOW_MINUTES} minutes, so the call was treated as a robocall and hung up. Not analysed or billed as AI minutes.`,
};

export const BLOCK_MESSAGES = {
  blocked: (number: string) => `${number} is blocked: its calls hear a short message and are hung up.`,
  unblocked: (number: string) => `${number} is no longer blocked.`,
  noNumber: "This call has no caller number to block.",
  ownNumber: "This is one of your own numbers: it cannot be blocked.",
  confirm: (number: string) =>
    `Block ${number}? Its calls will hear a short message and be hung up before your agent answers. You can unblock it in Settings › Calls.`,
  listFull: `At most ${BLOCKED_NUMBERS_MAX} blocked numbers: remove some in Settings › Calls first.`,
} as const;

import { askedFor } from "@nikki/core";
import { logCallOutcome, textCount } from "./call-outcome";
import { spokenNumber } from "./caller-lines";
import { type CallScenario, describeCall } from "./scenario";
import { describeTransfer } from "./transfer-report";

/** Long enough between turns for an owner to watch, write a note that steers the next answer, take over or end the call. */
const PAUSE_MS = 9_000;

/**
 * The long caller: three questions, then a booking, then a last question, with a pause before each turn: the booking
 * is not the call's end, so an owner who watched it being looked up still has time to end the call.
 */
export const longCaller = (service: string, from: string) => [
  "Hi, this is Ada Lovelace. Are you open on Saturdays?",
  "Do you take new patients?",
  "Is there parking near you?",
  `Great. Can I book ${askedFor.en(service)} for tomorrow morning?`,
  `Sure, it's ${spokenNumber(from)}.`,
  "The first one works, thanks.",
  "One last thing: do you send reminders before appointments?",
];

export const long: CallScenario = {
  name: "long",
  summary:
    "a caller with three questions, a booking and a last question, about a minute with pauses between turns (to watch it live, send a note, take over or end it); a take-over's phone answers and presses 1",
  async run(context) {
    const before = await textCount(context);
    const report = await context.place({
      says: longCaller(context.service, context.from),
      pauseMs: PAUSE_MS,
      answerTimeoutMs: 15_000,
      twilioRestUrl: context.twilioRestUrl,
      transfer: { callee: "accepts", talkSeconds: 8 },
    });
    if (report.transfer) for (const line of describeTransfer(report)) context.log(line);
    context.log(describeCall(report));
    if (report.callId && !report.voicemail) await logCallOutcome(context, report.callId, before);
  },
};

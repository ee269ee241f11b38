import { spanishCaller } from "./caller-lines";
import { logCallOutcome, textCount } from "./call-outcome";
import { type CallScenario, describeCall } from "./scenario";

export const spanish: CallScenario = {
  name: "spanish",
  summary:
    "a Spanish caller books the business's first service, at any hour the agent takes bookings; prints the language stored on the call, the summary, the booking and the texts sent to the caller",
  async run(context) {
    const before = await textCount(context);
    const report = await context.place({ says: spanishCaller(context.service, context.from), answerTimeoutMs: 12_000 });
    context.log(describeCall(report));
    if (report.callId && !report.voicemail) await logCallOutcome(context, report.callId, before);
  },
};

import { bookingCaller } from "./caller-lines";
import { logCallOutcome, textCount } from "./call-outcome";
import { type CallScenario, describeCall } from "./scenario";

export const booking: CallScenario = {
  name: "booking",
  summary:
    "the caller talks over Nikki's greeting, asks for the business's first service tomorrow morning, gives their number (--from) when asked, books the first time and hears it read back; prints the booking and the texts",
  async run(context) {
    const before = await textCount(context);
    const report = await context.place({ says: bookingCaller(context.service, context.from), bargeInAfterMs: 400, answerTimeoutMs: 12_000 });
    context.log(describeCall(report));
    if (report.callId && !report.voicemail) await logCallOutcome(context, report.callId, before);
  },
};

import { type CallScenario, describeCall } from "./scenario";
import { describeTransfer } from "./transfer-report";

export const transferNoAnswer: CallScenario = {
  name: "transfer-no-answer",
  summary: "the caller asks for a person; nobody answers in 25 s, and the caller comes back to Nikki and leaves a message",
  async run(context) {
    const report = await context.place({
      says: "Hi, can I speak to a person please? I have a question about my bill.",
      twilioRestUrl: context.twilioRestUrl,
      transfer: {
        callee: "no-answer",
        saysAfter: "Yes please, take a message: my name is Sam Lee and my number is 415 555 2671. Please call me back about my bill.",
      },
      minDurationMs: 30_000,
    });
    for (const line of describeTransfer(report)) context.log(line);
    context.log(describeCall(report));
  },
};

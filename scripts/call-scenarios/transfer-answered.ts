import { type CallScenario, describeCall } from "./scenario";
import { describeTransfer } from "./transfer-report";

export const transferAnswered: CallScenario = {
  name: "transfer-answered",
  summary: "the caller asks for a person; the team member hears the briefing, presses 1 and is put through",
  async run(context) {
    const report = await context.place({
      says: "Hi, can I speak to a person please? I have a question about my bill.",
      twilioRestUrl: context.twilioRestUrl,
      transfer: { callee: "accepts", talkSeconds: 6 },
      // On the line until the transfer takes the call away from the agent.
      minDurationMs: 30_000,
    });
    for (const line of describeTransfer(report)) context.log(line);
    context.log(describeCall(report));
  },
};

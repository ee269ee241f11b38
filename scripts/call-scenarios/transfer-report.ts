import type { SimulatedCallOptions, SimulatedCallReport } from "@nikki/simulators/twilio-caller";
import { type CallScenario, describeCall } from "./scenario";

const STATUS_WORDS: Record<string, string> = {
  completed: "answered",
  busy: "was busy",
  "no-answer": "did not answer",
  failed: "could not be called",
};

/** What a transfer scenario prints: each number rung, what its answer heard, and where the caller ended up. */
export function describeTransfer(report: SimulatedCallReport): string[] {
  if (!report.transfer) return ["Nikki did not transfer the caller: does the agent have transfer_call and a transfer number (Agents › Escalation)?"];
  const lines = report.transfer.dialed.map(
    (call) =>
      `${call.number} ${STATUS_WORDS[call.status] ?? call.status}${call.whisper ? `, heard the briefing: "${call.whisper}"` : ""}${call.status === "completed" ? (call.accepted ? ", pressed 1 and was put through" : ", pressed nothing: declined") : ""}.`,
  );
  lines.push(
    report.transfer.backToAgent
      ? "Nobody took the call, so the caller came back to Nikki on a new stream of the same call; she said so and offered to take a message."
      : "The call ended after the transfer.",
  );
  return lines;
}

/** A caller who asks for a person; the person rung (every number the agent's escalation lists) does as `transfer` says. */
export function transferScenario(name: string, summary: string, transfer: NonNullable<SimulatedCallOptions["transfer"]>): CallScenario {
  return {
    name,
    summary,
    async run(context) {
      const report = await context.place({
        says: ["Hi, can I speak to a person please? I have a question about my bill."],
        twilioRestUrl: context.twilioRestUrl,
        transfer,
        // On the line until the transfer takes the call away from the agent.
        minDurationMs: 30_000,
      });
      for (const line of describeTransfer(report)) context.log(line);
      context.log(describeCall(report));
    },
  };
}

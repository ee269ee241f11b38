import type { SimulatedCallReport } from "@nikki/simulators/twilio-caller";

const STATUS_WORDS: Record<string, string> = {
  completed: "answered",
  busy: "was busy",
  "no-answer": "did not answer",
  failed: "could not be called",
};

/** What a transfer scenario prints: each number rung, what its answer heard, and where the caller ended up. */
export function describeTransfer(report: SimulatedCallReport): string[] {
  if (!report.transfer) return ["Nikki did not transfer the caller: does the agent have transfer_call and a transfer number (Agents › Escalation)?"];
  const lines = report.transfer.dialed.flatMap((call) => [
    `${call.number} ${STATUS_WORDS[call.status] ?? call.status}${call.whisper ? `, heard the briefing: "${call.whisper}"` : ""}${call.status === "completed" ? (call.accepted ? ", pressed 1 and was put through" : ", pressed nothing: declined") : ""}.`,
  ]);
  lines.push(
    report.transfer.backToAgent
      ? "Nobody took the call, so the caller came back to Nikki on a new stream of the same call; she said so and offered to take a message."
      : "The call ended after the transfer.",
  );
  return lines;
}

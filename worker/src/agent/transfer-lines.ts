/** What a phone agent is told about transfers (issue 37 §1): when to offer one, from the agent's escalation rules. */
import { describeOpeningHours, parseEscalation } from "@nikki/core";

export function transferLines(escalationJson: string, tools: readonly string[]): string[] {
  if (!tools.includes("transfer_call")) return [];
  const rules = parseEscalation(escalationJson);
  if (rules.numbers.length === 0) return [];
  return [
    rules.keywords.length
      ? `If the caller says any of these words or phrases: ${rules.keywords.map((word) => `"${word}"`).join(", ")}, offer to transfer them to a person on the team (transfer_call).`
      : "",
    rules.transfer_hours
      ? `Transfers are only taken during these hours (${describeOpeningHours(rules.transfer_hours)}); outside them, offer to take a message instead.`
      : "",
    "When you transfer, pass the caller's reason in a few words and their name if they gave it. If transfer_call answers that nobody can take the call, tell the caller and offer to take a message or book a callback.",
  ].filter(Boolean);
}

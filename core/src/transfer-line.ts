/**
 * A transfer that would ring the line it comes from: an agent's transfer number that is one of the organization's own
 * numbers answered by that same agent. Refused when the agent is saved; warned about when such a number is bought or
 * assigned (the Numbers page), and in the agent wizard.
 */
import type { Region } from "./constants";
import { readEscalation } from "./escalation";

export const TRANSFER_LINE_MESSAGES = {
  /** Under the agent's transfer numbers: the wizard's warning and the save's refusal. */
  ownLine:
    "A transfer number is this agent's own phone number: a transfer would ring the same line. Give a number a person answers, like a mobile or the front desk.",
  /** Assigning a number to an agent that transfers to it. */
  assign: (number: string, agent: string) =>
    `${number} is one of ${agent}'s transfer numbers: once ${agent} answers it, a transfer would ring this same line. Change ${agent}'s transfer numbers in Agents (Hours & Escalation).`,
  /** Buying a number some agents transfer to. */
  buy: (number: string, agents: readonly string[]) =>
    agents.length === 1
      ? `${number} is one of ${agents[0]}'s transfer numbers: if ${agents[0]} answers it, a transfer would ring this same line. Change ${agents[0]}'s transfer numbers in Agents first.`
      : `${number} is a transfer number of ${agents.join(", ")}: if one of them answers it, a transfer would ring this same line. Change their transfer numbers in Agents first.`,
} as const;

/** The agent's transfer numbers (its `escalation_json`, as written or saved) that are among `lines`, in E.164. */
export function transfersToOwnLine(escalation: unknown, lines: readonly string[], region: Region = "US"): string[] {
  const own = new Set(lines);
  return readEscalation(escalation, region).numbers.filter((number) => own.has(number));
}

/** The names of the agents (with their `escalation_json`) that transfer to `number`. */
export function agentsTransferringTo(number: string, agents: readonly { name: string; escalation_json: unknown }[], region: Region = "US"): string[] {
  return agents.filter((agent) => transfersToOwnLine(agent.escalation_json, [number], region).length > 0).map((agent) => agent.name);
}

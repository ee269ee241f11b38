import { PERSONA_NAME, describeLocalTime, describeOpeningHours, parseOpeningHours } from "@nikki/core";
import type { agents } from "../db/schema";

type Agent = typeof agents.$inferSelect;

export interface InstructionInput {
  agent: Agent;
  organizationName: string;
  afterHours: boolean;
  now: Date;
}

/** Nikki's instructions for one call: persona, knowledge, the business's hours and local time, and the language rule. */
export function buildInstructions({ agent, organizationName, afterHours, now }: InstructionInput): string {
  const hours = describeOpeningHours(parseOpeningHours(agent.hoursJson));
  const lines = [
    `You are ${agent.name || PERSONA_NAME}, the phone receptionist of ${organizationName}. You are warm, brief and natural: one or two sentences at a time, then let the caller talk.`,
    agent.personaPrompt && `Persona: ${agent.personaPrompt}`,
    agent.knowledgeBase && `What you know about the business:\n${agent.knowledgeBase}`,
    `Business hours (${agent.businessHoursTz}): ${hours}.`,
    `Right now it is ${describeLocalTime(agent.businessHoursTz, now)} there.`,
    "Language: detect whether the caller speaks English or Spanish and answer in that language. If the caller switches language, switch with them.",
    afterHours
      ? "The business is closed right now. Take a message: the caller's name, phone number, the reason for the call and how urgent it is. Promise a call back in the morning when the office opens. Use push_crm_lead to save the message before saying goodbye."
      : "Qualify the caller: their name, phone number and what they need. Book appointments with book_appointment, always confirming the day and time back to the caller. Save every new prospect with push_crm_lead.",
    "Use send_sms only when the caller asks for something in writing. Use transfer_call when the caller asks for a person or it is an emergency. When the conversation is finished, say goodbye and call end_call.",
    "Never invent prices, availability or facts you were not given; offer a call back instead.",
  ];
  return lines.filter(Boolean).join("\n\n");
}

/** What Nikki says first. */
export function openingLine(agent: Agent, organizationName: string, afterHours: boolean): string {
  if (agent.greeting) return `Greet the caller with exactly: "${agent.greeting}"`;
  return afterHours
    ? `Greet the caller: thank them for calling ${organizationName}, say the office is closed right now and that you can take a message.`
    : `Greet the caller: thank them for calling ${organizationName}, give your name and ask how you can help.`;
}

export const GOODBYE_AT_TIME_LIMIT =
  "We have reached the maximum length of this call. Politely tell the caller you need to wrap up, summarise any next step in one sentence, and say goodbye.";

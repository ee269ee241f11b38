import {
  CHAT_OFFER_RULE,
  PERSONA_NAME,
  describeLocalTime,
  describeOpeningHours,
  greetingOf,
  languageCodeOf,
  languageName,
  openingLineOf,
  parseOpeningHours,
} from "@nikki/core";
import { jsonList } from "../db/json";
import { type KnowledgeReach, knowledgeParagraphs, noInventionRule } from "../knowledge/in-instructions";
import { type AgentKnowledge, NO_KNOWLEDGE } from "../knowledge/reader";
import { transferLines } from "./transfer-lines";
import type { agents } from "../db/schema";

type Agent = typeof agents.$inferSelect;

/** Where the agent is talking: a phone call, the browser voice demo, the website chat or a text thread. */
export type Channel = "call" | "browser_demo" | "chat" | "sms";

export interface InstructionInput {
  /** Null when the organization has no active agent (the chat then speaks as Nikki). */
  agent: Agent | null;
  organizationName: string;
  channel: Channel;
  /** Calls only: the business is closed now. */
  afterHours?: boolean;
  /** Calls only: what the business knows of a returning caller (voice/caller-memory.ts). */
  callerMemory?: string;
  /** What the agent may use (knowledge/reader.ts; text channels: knowledge/text-knowledge.ts). */
  knowledge?: AgentKnowledge;
  now: Date;
}

function role(channel: Channel, name: string, organizationName: string): string {
  switch (channel) {
    case "call":
    case "browser_demo":
      return `You are ${name}, the phone receptionist of ${organizationName}. You are warm, brief and natural: one or two sentences at a time, then let the caller talk.`;
    case "chat":
      return `You are ${name}, the website chat assistant of ${organizationName}: friendly and concise. You answer questions, offer to schedule a callback and collect the visitor's contact details when they want a follow-up.`;
    case "sms":
      return `You are ${name}, answering text messages for ${organizationName}. Reply in the language of the last message, in at most 320 characters, plain text.`;
  }
}

/** How a phone agent books (issue 35 §3): only times the server offered, read back and confirmed. */
export const BOOKING =
  "Appointments: first call check_availability with the day the caller asks for, in their words ('tomorrow', 'next Tuesday') or as YYYY-MM-DD, and offer only the times it returns, by their labels; never offer or book a time it did not return. When the caller chooses one, call book_appointment with that time's start, their name and phone number. Then read back the label and the confirmation code it returns, and confirm. A caller who already has a booking can move it (reschedule_appointment) or cancel it (cancel_appointment).";

/** The call's languages: the agent's own (its greeting's), a second one it opens in too, and the caller's, which it follows. */
function languageLine(agent: Agent): string {
  const own = languageName(languageCodeOf(agent.language) ?? "en");
  const second = languageCodeOf(agent.secondaryLanguage);
  const opens = second && languageName(second) !== own ? `${own} and ${languageName(second)}` : own;
  return `Language: you open the call in ${opens}. Detect which language the caller speaks (English, Spanish or another) and answer in that language. If the caller switches language, switch with them.`;
}

/** What a message taken after hours holds, and what is promised. */
const MESSAGE =
  "the caller's name, phone number, the reason for the call and how urgent it is. Promise a call back in the morning when the office opens. Use push_crm_lead to save the message before saying goodbye.";

/** Closed now: a message for the morning; an agent that books still books a caller who asks (for a time the business is open). */
const afterHoursLine = (books: boolean) =>
  books
    ? `The business is closed right now, but appointments can still be booked: a caller who wants one books it as below, for a time the business is open. For anything else, take a message: ${MESSAGE}`
    : `The business is closed right now. Take a message: ${MESSAGE}`;

/** What a phone agent does on a call: hours, local time, language, the task and its tools. */
function callLines(agent: Agent, afterHours: boolean, now: Date): string[] {
  const books = jsonList(agent.tools).includes("book_appointment");
  return [
    `Business hours (${agent.businessHoursTz}): ${describeOpeningHours(parseOpeningHours(agent.hoursJson))}.`,
    `Right now it is ${describeLocalTime(agent.businessHoursTz, now)} there.`,
    languageLine(agent),
    afterHours ? afterHoursLine(books) : "Qualify the caller: their name, phone number and what they need. Save every new prospect with push_crm_lead.",
    books ? BOOKING : "",
    "Use send_sms only when the caller asks for something in writing. Use transfer_call when the caller asks for a person or it is an emergency. When the conversation is finished, say goodbye and call end_call.",
    ...transferLines(agent.escalationJson, jsonList(agent.tools)),
  ];
}

const CLOSING: Record<Channel, string> = {
  call: "",
  browser_demo: "This is a demo in the visitor's web browser: you cannot book, text or transfer here, so explain what you would do on a real call.",
  chat: `Answer in the visitor's language. ${CHAT_OFFER_RULE}`,
  sms: "",
};

/** How each channel reaches knowledge beyond the budget (knowledge/in-instructions.ts). */
const REACH: Record<Channel, KnowledgeReach> = { call: "tool", browser_demo: "none", chat: "matched", sms: "matched" };

/** The agent's instructions on any channel: persona, knowledge, and for calls the hours, local time, task and tools. */
export function agentInstructions({
  agent,
  organizationName,
  channel,
  afterHours = false,
  callerMemory,
  knowledge = NO_KNOWLEDGE,
  now,
}: InstructionInput): string {
  const isCall = channel === "call" || channel === "browser_demo";
  const lines = [
    role(channel, agent?.name || PERSONA_NAME, organizationName),
    agent?.personaPrompt && (isCall ? `Persona: ${agent.personaPrompt}` : agent.personaPrompt),
    ...knowledgeParagraphs(knowledge, REACH[channel]),
    ...(isCall && agent ? callLines(agent, afterHours, now) : []),
    isCall && callerMemory,
    noInventionRule(REACH[channel], knowledge.lookup),
    CLOSING[channel],
  ];
  return lines.filter(Boolean).join("\n\n");
}

/**
 * What the caller hears first, in the agent's voice and language: the recording notice when the call is recorded and
 * announced (never Twilio's <Say> before the stream), the agent's greeting (the text the wizard and the chat show), and
 * with a secondary language the line in both languages. The transcript shows it as said.
 */
export function openingLine(
  agent: Agent,
  organizationName: string,
  options: { announceRecording: boolean; monitored?: boolean } = { announceRecording: false },
): string {
  return openingLineOf(agent, greetingOf(agent, organizationName), options);
}

export const GOODBYE_AT_TIME_LIMIT =
  "We have reached the maximum length of this call. Politely tell the caller you need to wrap up, summarise any next step in one sentence, and say goodbye.";

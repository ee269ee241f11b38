/**
 * One turn of the simulated Realtime model: what the caller said, and what the model does about it. A reply is words,
 * or a tool call followed by what comes once the tool answered: more words or another call. Text and arguments may
 * name fields of the tool's answer, `{{slots.0.start}}`; a function sees the answer whole.
 */
export type ScriptedNext = string | ScriptedReply | ((output: ToolAnswer) => string | ScriptedReply);

export type ScriptedReply = { say: string } | ScriptedCall;

export interface ScriptedCall {
  call: string;
  arguments: Record<string, unknown>;
  /** Once the tool answered `ok: true`. */
  then: ScriptedNext;
  /** Once it answered `ok: false`; by default the model says the tool's error. */
  otherwise?: ScriptedNext;
}

/** A tool's answer as the bridge sent it back (function_call_output), parsed. */
export type ToolAnswer = Record<string, unknown>;

export interface ScriptedTurn {
  /** What the caller "said" (the transcription of their speech). */
  transcript: string;
  /** Nikki's spoken answer, or a function call the model makes before answering. */
  reply: ScriptedReply;
}

function valueAt(answer: ToolAnswer, path: string): unknown {
  let value: unknown = answer;
  for (const key of path.split(".")) value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

const TEMPLATE = /\{\{([\w.]+)\}\}/g;
const fill = (text: string, answer: ToolAnswer) => text.replace(TEMPLATE, (_, path: string) => String(valueAt(answer, path) ?? "")).trim();

/** What the model does after a tool answered: the branch for its outcome, with the answer's fields filled in. */
export function nextAfter(reply: ScriptedCall, answer: ToolAnswer): ScriptedReply {
  const branch = answer.ok === false ? (reply.otherwise ?? String(answer.error ?? "Sorry, that did not work.")) : reply.then;
  const chosen = typeof branch === "function" ? branch(answer) : branch;
  if (typeof chosen === "string") return { say: fill(chosen, answer) };
  if ("say" in chosen) return { say: fill(chosen.say, answer) };
  const args = Object.fromEntries(Object.entries(chosen.arguments).map(([key, value]) => [key, typeof value === "string" ? fill(value, answer) : value]));
  return { ...chosen, arguments: args };
}

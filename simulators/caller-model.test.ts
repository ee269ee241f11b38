import { describe, expect, it } from "vitest";
import { answerCaller, newCallerMemory, noteToolAnswer } from "./caller-model";
import { nextAfter } from "./scripted-turn";

const RETURNING = [
  "Qualify the caller: their name, phone number and what they need.",
  "Returning caller: this caller has called before (1 recent call), from +14155552671.",
  "Their name: Ada Lovelace. Greet them by name.",
  'Their last call, on Nov 25, 2026: "[NAME] called to book a plumber."',
].join("\n");

const session = (instructions: string) => ({ instructions, tools: ["push_crm_lead"] });

describe("the simulated model and a returning caller", () => {
  it("greets a caller the instructions name, and does not ask for the name and number it was given", () => {
    const reply = answerCaller("Please tell the plumber I'll be home after two.", newCallerMemory(), session(RETURNING));
    expect(reply).toMatchObject({ call: "push_crm_lead", arguments: { name: "Ada Lovelace", phone: "+14155552671" } });
    if (!("call" in reply)) throw new Error("expected a tool call");
    expect(nextAfter(reply, { ok: true })).toEqual({
      say: "Welcome back, Ada! Thanks, Ada. I've passed your message to the team; they'll call you back soon.",
    });
  });

  it("welcomes back in Spanish a caller who spoke it last time, once", () => {
    const memory = newCallerMemory();
    const first = answerCaller("Hola, soy yo otra vez.", memory, session(`${RETURNING}\nThey spoke Spanish last time: answer in Spanish.`));
    if (!("call" in first)) throw new Error("expected a tool call");
    expect(nextAfter(first, { ok: true })).toMatchObject({ say: expect.stringMatching(/^¡Hola de nuevo, Ada! Gracias, Ada\./) });
    const second = answerCaller("Gracias.", memory, session(RETURNING));
    if (!("call" in second)) throw new Error("expected a tool call");
    expect(nextAfter(second, { ok: true })).toEqual({ say: "Gracias, Ada. Le pasé su mensaje al equipo; le llamarán pronto." });
  });

  it("a caller the instructions do not know is asked for their name and number", () => {
    expect(answerCaller("Please tell the plumber I'll be home after two.", newCallerMemory(), session("Qualify the caller."))).toEqual({
      say: "Of course. Could I have your name and the best number to reach you?",
    });
  });
});

describe("the simulated model and a caller who asks for a text", () => {
  const texting = { instructions: "Qualify the caller.", tools: ["send_sms", "push_crm_lead"] };

  it("texts the number the caller gave once they gave it, says so, and does not text twice", () => {
    const memory = newCallerMemory();
    expect(answerCaller("Please text me the details.", memory, texting)).toEqual({
      say: "Of course. Could I have your name and the best number to reach you?",
    });
    const reply = answerCaller("Hi, this is Grace Hopper, my number is +1 415 555 0101.", memory, texting);
    expect(reply).toMatchObject({ call: "send_sms", arguments: { to: "+14155550101", body: expect.stringMatching(/^Hi Grace, thanks for calling\./) } });
    if (!("call" in reply)) throw new Error("expected a tool call");
    expect(nextAfter(reply, { ok: true, message_sid: "SM1" })).toEqual({ say: "Done, Grace: I've sent you a text. Anything else?" });
    const refused = "This business can't send more texts right now. Offer to take a message instead.";
    expect(nextAfter(reply, { ok: false, error: refused })).toEqual({ say: refused });
    noteToolAnswer(memory, "send_sms", { ok: false, error: refused });
    expect(answerCaller("Thanks, please text me again.", memory, texting)).toMatchObject({ call: "push_crm_lead" });
  });

  it("does not text when the agent has no send_sms", () => {
    const reply = answerCaller("Hi, this is Grace Hopper, +1 415 555 0101. Please send me a text.", newCallerMemory(), { ...texting, tools: [] });
    expect(reply).toEqual({ say: "Thanks, Grace. Someone from the team will call you back." });
  });
});

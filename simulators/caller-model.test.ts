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

describe("the simulated model and a booking caller", () => {
  const booking = (instructions: string) => ({ instructions, tools: ["push_crm_lead", "check_availability", "book_appointment"] });
  const CLOSED_BOOKS =
    "The business is closed right now, but appointments can still be booked: a caller who wants one books it as below, for a time the business is open.";
  const CLOSED = "The business is closed right now. Take a message: the caller's name, phone number, the reason for the call and how urgent it is.";

  it("asks only for the number a caller who gave their name left out, then looks up times for the service they named, and books it on that number", () => {
    const memory = newCallerMemory();
    expect(answerCaller("Hi, this is Ada Lovelace. Can I book a Cleaning for tomorrow morning?", memory, booking("Qualify the caller."))).toEqual({
      say: "Thanks, Ada. What's the best number to reach you?",
    });
    const check = answerCaller("Sure, it's +1 512 555 0111.", memory, booking("Qualify the caller."));
    expect(check).toMatchObject({ call: "check_availability", arguments: { service: "Cleaning", date: "tomorrow", part_of_day: "morning" } });
    if (!("call" in check)) throw new Error("expected a tool call");
    const slots = [{ start: "2026-12-02T08:00:00-06:00", label: "Wednesday, December 2 at 8:00 AM" }];
    noteToolAnswer(memory, "check_availability", { ok: true, slots });
    expect(nextAfter(check, { ok: true, slots })).toEqual({ say: "I have Wednesday, December 2 at 8:00 AM. Which would you like?" });
    expect(answerCaller("The first one works, thanks.", memory, booking("Qualify the caller."))).toMatchObject({
      call: "book_appointment",
      arguments: { name: "Ada Lovelace", phone: "+15125550111", start: "2026-12-02T08:00:00-06:00", service: "Cleaning" },
    });
  });

  it("books a Spanish caller while the business is closed when its instructions say bookings are still taken, and takes a message when they do not", () => {
    const says = ["Hola, soy Lucía Fernández. Quiero una cita de Cleaning para mañana a las 10.", "Mi número es el +1 512 555 0111."];
    const open = newCallerMemory();
    answerCaller(says[0]!, open, booking(CLOSED_BOOKS));
    expect(answerCaller(says[1]!, open, booking(CLOSED_BOOKS))).toMatchObject({
      call: "check_availability",
      arguments: { service: "Cleaning", date: "mañana", time: "10:00" },
    });
    const closed = newCallerMemory();
    expect(answerCaller(says[0]!, closed, booking(CLOSED))).toEqual({ say: "Gracias, Lucía. ¿Me da su número de teléfono, por favor?" });
    expect(answerCaller(says[1]!, closed, booking(CLOSED))).toMatchObject({ call: "push_crm_lead" });
  });

  it("names no service for a caller who asks for an appointment", () => {
    const memory = newCallerMemory();
    const reply = answerCaller(
      "Hello, I'm James Chen, my number is +1 415 555 0173. Can I book an appointment for the next day you're open?",
      memory,
      booking(""),
    );
    expect(reply).toEqual({ call: "check_availability", arguments: {}, then: expect.any(Function) });
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

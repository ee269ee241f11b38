import { describe, expect, it } from "vitest";
import { answerCaller, newCallerMemory } from "./caller-model";
import { answerFromKnowledge, knowledgeOf, questionIn, spoken } from "./knowledge-answer";

/** Instructions as the product writes them (worker/src/agent/instructions.ts): role, knowledge, then the call's rules. */
const instructions = (knowledge: string) =>
  [
    "You are Rosa, the phone receptionist of Suite Plumbing.",
    `What you know about the business:\n${knowledge}`,
    "Business hours (America/New_York): Monday to Friday, 9 am to 5 pm.",
    "Never invent prices, availability or facts you were not given; offer a call back instead.",
  ].join("\n\n");
const PLUMBER = "We fix leaks and unblock drains. Drain cleaning is $149. Water heater installs start at $1,200.\nWe work Saturdays 9 to 1.";

describe("the simulated model's answer to a question", () => {
  it("reads its instructions' knowledge sentence by sentence, and nothing after it", () => {
    expect(knowledgeOf(instructions(PLUMBER))).toEqual([
      "We fix leaks and unblock drains.",
      "Drain cleaning is $149.",
      "Water heater installs start at $1,200.",
      "We work Saturdays 9 to 1.",
    ]);
    expect(knowledgeOf("You are Rosa.\n\nNever invent prices.")).toEqual([]);
  });

  it.each([
    ["How much is drain cleaning?", "Drain cleaning is $149."],
    ["What does a water heater install cost?", "Water heater installs start at $1,200."],
    ["Do you work on Saturday?", "We work Saturdays 9 to 1."],
    ["Hi, this is Ann Lee. Can you unblock my drain?", "We fix leaks and unblock drains."],
  ])("answers %j with the sentence sharing the most words: %j", (question, answer) => {
    expect(answerFromKnowledge(question, instructions(PLUMBER))).toBe(answer);
  });

  it("says it does not know when no sentence shares a word, in the question's language, and never quotes the rules", () => {
    expect(answerFromKnowledge("Do you sell roof tiles?", instructions(PLUMBER))).toBe(
      "I'm sorry, I don't know that. I can have someone from the team get back to you.",
    );
    expect(answerFromKnowledge("¿Venden tejas?", instructions(PLUMBER))).toBe("Lo siento, no lo sé. Alguien del equipo le puede llamar.");
    // "prices" is in the instructions' rules, not in the knowledge.
    expect(answerFromKnowledge("What are your prices?", instructions("We fix leaks."))).toMatch(/^I'm sorry, I don't know that/);
    expect(answerFromKnowledge("How much is drain cleaning?", "You are Rosa.")).toMatch(/^I'm sorry/);
  });

  it("does not take a sentence sharing one passing word for the answer", () => {
    const site = [
      "[from https://shine.test/offers] Offers: First-time customers get 15% off their first deep clean.",
      "[from https://shine.test/policies] Keys: Many customers leave a key in a lockbox.",
      "[from https://shine.test/services] Deep clean: We clean ovens, fridges and baseboards.",
    ].join("\n");
    expect(answerFromKnowledge("Hi, do you have parking for customers?", instructions(site))).toMatch(/^I'm sorry, I don't know that/);
    expect(answerFromKnowledge("Do you clean boats and RVs?", instructions(site))).toMatch(/^I'm sorry, I don't know that/);
    expect(answerFromKnowledge("Any discount for first-time customers?", instructions(site))).toBe("First-time customers get 15% off their first deep clean.");
    // One word of a short question that only one sentence has is enough; a price asked and given counts as a word.
    expect(answerFromKnowledge("Which towns do you cover?", instructions("We cover Springfield and Shelbyville."))).toBe(
      "We cover Springfield and Shelbyville.",
    );
    // One word of a longer question is not enough, even one sentence's alone (issue 54: "pet" is not "pets of Lakewood").
    const clinic = instructions("Caring for the pets of Lakewood, Colorado since 2009. Wellness exams take 30 minutes.");
    expect(answerFromKnowledge("Do you treat pet snakes and do you have an MRI machine?", clinic)).toMatch(/^I'm sorry, I don't know that/);
    expect(answerFromKnowledge("How much do your plans cost?", instructions("Plans start at $29 a month. Plans renew monthly."))).toBe(
      "Plans start at $29 a month.",
    );
  });

  it("says a line without its source label or title, as a receptionist would", () => {
    const lines = [
      "[from https://shine.test/prices.html] Add-on prices: Inside the oven $30, inside the fridge $25.",
      "[the business's answer to a caller's question] Do you have parking for customers: Yes, customers park free behind the office.",
      "[typed by the business] Knowledge base: Rosa: We clean homes and small offices in Salem.",
      "[from https://shine.test/bread] Bread: Sourdough loaf: $8.",
      "[the business's answer to a caller's question] Do you bring your own supplies: Yes.",
    ].join("\n");
    expect(answerFromKnowledge("What do you charge to clean inside the fridge?", instructions(lines))).toBe("Inside the oven $30, inside the fridge $25.");
    expect(answerFromKnowledge("Is there parking for customers?", instructions(lines))).toBe("Yes, customers park free behind the office.");
    expect(answerFromKnowledge("Do you clean small offices?", instructions(lines))).toBe("We clean homes and small offices in Salem.");
    expect(answerFromKnowledge("How much is a sourdough loaf?", instructions(lines))).toBe("Sourdough loaf: $8.");
    expect(answerFromKnowledge("Do you bring your own supplies?", instructions(lines))).toBe("Yes.");
  });

  it("finds the question in what was said: a sentence ending in a question mark or opening with a question word", () => {
    expect(questionIn("Hi, this is Ann. How much is drain cleaning?")).toBe("How much is drain cleaning?");
    expect(questionIn("Is it open on Sunday")).toBe("Is it open on Sunday");
    expect(questionIn("Hi, this is Maria Garcia. I'd like a quote to replace my water heater.")).toBeNull();
  });
});

describe("the simulated receptionist on a call", () => {
  const session = { instructions: instructions(PLUMBER), tools: ["book_appointment", "push_crm_lead", "transfer_call", "end_call"] };

  it("answers a caller's question from the knowledge before asking for their details", () => {
    expect(answerCaller("How much is drain cleaning?", newCallerMemory(), session)).toEqual({
      say: "Drain cleaning is $149. Can I take your name and number, so the team can follow up?",
    });
    expect(answerCaller("Do you sell roof tiles?", newCallerMemory(), session)).toEqual({
      say: "I'm sorry, I don't know that. I can have someone from the team get back to you. Can I take your name and number, so the team can follow up?",
    });
  });

  it("answers the question alongside the lead it saves, and books rather than answers a booking request", () => {
    const memory = newCallerMemory();
    const reply = answerCaller("Hi, this is Ann Lee, my number is +1 415 555 0100. How much is drain cleaning?", memory, session);
    expect(reply).toMatchObject({
      call: "push_crm_lead",
      then: "Drain cleaning is $149. Thanks, Ann. I've passed your message to the team; they'll call you back soon.",
    });
    const booking = answerCaller("Can I book an appointment for tomorrow at 10 am?", memory, { ...session, tools: [...session.tools, "check_availability"] });
    expect(booking).toMatchObject({ call: "check_availability", arguments: { date: "tomorrow", time: "10:00" } });
  });

  it("looks a question up first when the session has lookup_knowledge, and answers from the sections it returns", () => {
    const reply = answerCaller("How much is drain cleaning?", newCallerMemory(), { ...session, tools: [...session.tools, "lookup_knowledge"] });
    expect(reply).toMatchObject({ call: "lookup_knowledge", arguments: { query: "How much is drain cleaning?" } });
    const then = (reply as { then: (found: Record<string, unknown>) => unknown }).then;
    expect(
      then({ ok: true, sections: [{ title: "Prices", text: "Drain cleaning is $149. Leak repairs are $90.", source_url: "https://x.test/prices" }] }),
    ).toEqual({
      say: "Drain cleaning is $149. Can I take your name and number, so the team can follow up?",
    });
    expect(then({ ok: true, sections: [] })).toEqual({ say: expect.stringMatching(/^I'm sorry, I don't know that/) });
  });

  it("transfers a caller who asks for a person, when the session has transfer_call", () => {
    expect(answerCaller("Can I speak to a person, please?", newCallerMemory(), session)).toEqual({
      call: "transfer_call",
      arguments: { reason: "Can I speak to a person, please?" },
      then: "Of course, I'm connecting you with a team member now.",
    });
    expect(answerCaller("Can I speak to a person, please?", newCallerMemory(), { ...session, tools: [] })).toEqual({
      say: "Of course. Could I have your name and the best number to reach you?",
    });
  });
});

describe("a knowledge line said as a sentence", () => {
  it("ends with a full stop when the page's line had none, so what is said next does not run on", () => {
    expect(spoken("New patient exam $89 (45 minutes, includes X-rays)")).toBe("New patient exam $89 (45 minutes, includes X-rays).");
    expect(spoken("Drain cleaning is $149.")).toBe("Drain cleaning is $149.");
    expect(spoken("Do you bring supplies: Yes!")).toBe("Yes!");
  });
});

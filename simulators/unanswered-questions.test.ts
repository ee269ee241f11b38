import { describe, expect, it } from "vitest";
import { analyseTranscript } from "./call-analysis";
import { unansweredQuestions } from "./unanswered-questions";

/** The analysis's instructions as the product writes them (worker/src/knowledge/analysis-questions.ts). */
const system = (knowledge: string, open: string[] = []) =>
  [
    "You analyse phone calls to a small business answered by its AI receptionist.",
    `What you know about the business:\n${knowledge}`,
    open.length
      ? `Open questions callers asked before (id: question). When a question asks one of these again in other words, give its id as restates:\n${open.join("\n")}`
      : "",
  ].join("\n\n");
const KNOWLEDGE = "We fix leaks and unblock drains. Drain cleaning is $149.\nCustomers park free in the lot behind the shop.";

const call = (...lines: string[]) => lines.join("\n");

describe("the simulated analysis's questions nobody answered", () => {
  it("lists a question the receptionist said it did not know, with a draft from the knowledge it was shown", () => {
    const transcript = call(
      "Receptionist: Thanks for calling Suite Plumbing. How can I help?",
      "Caller: Hi, do you have parking for customers?",
      "Receptionist: I'm sorry, I don't know that. I can have someone from the team get back to you. Can I take your name and number?",
    );
    expect(unansweredQuestions(transcript, system(KNOWLEDGE))).toEqual([
      { question: "Hi, do you have parking for customers?", restates: "", suggested_answer: "Customers park free in the lot behind the shop." },
    ]);
  });

  it("drafts nothing when the knowledge does not say, and lists no question the receptionist answered", () => {
    const transcript = call(
      "Caller: Do you sell roof tiles?",
      "Receptionist: I'm sorry, I don't know that. I can have someone from the team get back to you.",
      "Caller: How much is drain cleaning?",
      "Receptionist: Drain cleaning is $149.",
      "Caller: Can I book an appointment?",
      "Receptionist: I'm not sure, let me check.",
    );
    expect(unansweredQuestions(transcript, system(KNOWLEDGE))).toEqual([{ question: "Do you sell roof tiles?", restates: "", suggested_answer: "" }]);
  });

  it("drafts from an answer in the knowledge, never from a question there", () => {
    const transcript = call("Caller: Do you have parking for customers?", "Receptionist: I'm sorry, I don't know that.");
    const answered = "Do you have parking for customers? Yes: customers park free behind the shop.";
    expect(unansweredQuestions(transcript, system(answered))[0]?.suggested_answer).toBe("Yes: customers park free behind the shop.");
  });

  it("names the open question a new one asks again in other words", () => {
    const transcript = call("Caller: Is there parking for my van?", "Receptionist: I'm sorry, I don't know that.");
    const open = ["q-roof: Do you sell roof tiles?", "q-park: Do you have parking?"];
    expect(unansweredQuestions(transcript, system("We fix leaks.", open))).toEqual([
      { question: "Is there parking for my van?", restates: "q-park", suggested_answer: "" },
    ]);
  });

  it("is part of the analysis's answer", () => {
    const transcript = call("Caller: Do you sell roof tiles?", "Receptionist: Lo siento, no lo sé.");
    expect(analyseTranscript(transcript, ["name"], system(KNOWLEDGE)).unanswered_questions).toHaveLength(1);
    expect(analyseTranscript(transcript, ["name"]).unanswered_questions).toEqual([{ question: "Do you sell roof tiles?", restates: "", suggested_answer: "" }]);
  });
});

import { describe, expect, it } from "vitest";
import { parseFields } from "./account";
import {
  QUESTION_MESSAGES,
  questionText,
  answerQuestionSchema,
  decodeQuestionMarker,
  encodeQuestionMarker,
  knowledgeQuestionsQuerySchema,
  normalizeQuestion,
} from "./knowledge-questions";
import { PAGE_MARKER_MESSAGE } from "./page-marker";

describe("a question's grouping key", () => {
  it.each([
    ["Do you have parking?", "parking"],
    ["do you HAVE parking", "parking"],
    ["Is there parking?!", "parking"],
    ["  Do you   have parking … please? ", "parking"],
    ["What's the price of a gutter clean?", "whats price gutter clean"],
    ["When do you open on Sunday?", "when open sunday"],
    ["Where do you open on Sunday?", "where open sunday"],
    ["Don't you work on holidays?", "dont work holidays"],
    ["¿Tienen estacionamiento?", "tienen estacionamiento"],
    ["Is it?", "is it"],
    ["", ""],
  ])("%j → %j", (text, key) => {
    expect(normalizeQuestion(text)).toBe(key);
  });

  it("is one key for the same question in other words of no meaning, and two for different questions", () => {
    expect(normalizeQuestion("Do you have parking?")).toBe(normalizeQuestion("Hi, is there any parking, please?"));
    expect(normalizeQuestion("Do you have parking?")).not.toBe(normalizeQuestion("Do you have free parking?"));
  });
});

describe("the questions list's page marker", () => {
  it("carries count, last asked time and id both ways", () => {
    const marker = encodeQuestionMarker({ count: 3, updatedAtMs: 1_764_000_000_000, id: "q_1-a" });
    expect(decodeQuestionMarker(marker)).toEqual({ count: 3, updatedAtMs: 1_764_000_000_000, id: "q_1-a" });
  });

  it.each(["", "3", "3.12", "a.1.id", "3.1.id;drop", `3.${"9".repeat(16)}.id`])("refuses %j at the edge", (cursor) => {
    expect(decodeQuestionMarker(cursor)).toBeNull();
    expect(parseFields(knowledgeQuestionsQuerySchema, { cursor })).toEqual({ ok: false, fields: { cursor: PAGE_MARKER_MESSAGE } });
  });
});

describe("an answer to a question", () => {
  it("is trimmed, required and at most 4,000 characters", () => {
    expect(parseFields(answerQuestionSchema, { answer: "  Yes, behind the shop.  " })).toEqual({ ok: true, data: { answer: "Yes, behind the shop." } });
    expect(parseFields(answerQuestionSchema, { answer: "   " })).toEqual({ ok: false, fields: { answer: QUESTION_MESSAGES.answerRequired } });
    expect(parseFields(answerQuestionSchema, {})).toEqual({ ok: false, fields: { answer: QUESTION_MESSAGES.answerRequired } });
    expect(parseFields(answerQuestionSchema, { answer: "x".repeat(4_001) })).toEqual({ ok: false, fields: { answer: QUESTION_MESSAGES.answerTooLong } });
  });
});

describe("a question as the inbox shows it", () => {
  it.each([
    ["Hi, do you have parking for customers?", "Do you have parking for customers?"],
    ["Hello there. Hey, what time do you close?", "What time do you close?"],
    ["Good morning – are you open on Sundays?", "Are you open on Sundays?"],
    ["Hola, ¿tienen estacionamiento?", "¿tienen estacionamiento?"],
    ["  is the hiring page still up?", "Is the hiring page still up?"],
    ["Hi!", "Hi!"],
  ])("%j reads %j", (asked, shown) => {
    expect(questionText(asked)).toBe(shown);
  });
});

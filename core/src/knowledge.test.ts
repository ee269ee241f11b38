import { describe, expect, it } from "vitest";
import { parseFields } from "./account";
import { KNOWLEDGE_MESSAGES as M, knowledgeCreateSchema, knowledgePatchSchema, knowledgeQuerySchema } from "./knowledge";

describe("a knowledge entry's fields", () => {
  it("takes a question and answer, and a section, trimmed", () => {
    expect(parseFields(knowledgeCreateSchema, { kind: "qa", question: " Do you park? ", answer: "Yes, free." })).toEqual({
      ok: true,
      data: { kind: "qa", question: "Do you park?", answer: "Yes, free." },
    });
    expect(parseFields(knowledgeCreateSchema, { kind: "section", title: "Prices", body: "A cut is $30.", agent_ids: ["a1"], enabled: false })).toEqual({
      ok: true,
      data: { kind: "section", title: "Prices", body: "A cut is $30.", agent_ids: ["a1"], enabled: false },
    });
  });

  it.each([
    [{ kind: "faq" }, "kind", M.kind],
    [{ kind: "qa", answer: "Yes." }, "question", M.question],
    [{ kind: "qa", question: "Why?" }, "answer", M.answer],
    [{ kind: "qa", question: "   ", answer: "Yes." }, "question", M.question],
    [{ kind: "qa", question: "x".repeat(501), answer: "Yes." }, "question", M.question],
    [{ kind: "qa", question: "Why?", answer: "x".repeat(5_001) }, "answer", M.answer],
    [{ kind: "qa", question: "Why?", answer: "Yes.", title: "T" }, "title", M.notForQa],
    [{ kind: "section", body: "Text" }, "title", M.title],
    [{ kind: "section", title: "x".repeat(201), body: "Text" }, "title", M.title],
    [{ kind: "section", title: "T", body: "x".repeat(20_001) }, "body", M.body],
    [{ kind: "section", title: "T", body: "Text", answer: "A" }, "answer", M.notForSection],
    [{ kind: "section", title: "T", body: "Text", agent_ids: "all" }, "agent_ids", M.agents],
    [{ kind: "section", title: "T", body: "Text", enabled: "yes" }, "enabled", M.enabled],
  ])("refuses %j under %s", (input, field, message) => {
    const result = parseFields(knowledgeCreateSchema, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fields[field]).toBe(message);
  });

  it("says its limits in its messages", () => {
    expect(M.body).toContain("20,000");
    expect(M.answer).toContain("5,000");
  });

  it("patches any field but the kind", () => {
    expect(parseFields(knowledgePatchSchema, { enabled: false })).toEqual({ ok: true, data: { enabled: false } });
    const kind = parseFields(knowledgePatchSchema, { kind: "qa" });
    expect(kind.ok).toBe(false);
  });

  it("reads the list's query", () => {
    expect(parseFields(knowledgeQuerySchema, { q: "parking", source: "website" })).toEqual({ ok: true, data: { q: "parking", source: "website" } });
    const source = parseFields(knowledgeQuerySchema, { source: "email" });
    expect(source.ok ? null : source.fields.source).toBe(M.source);
  });
});

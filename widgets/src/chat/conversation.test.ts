import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { CHAT_MESSAGES, WIDGET_LEAD_COPY } from "@nikki/core/widget-copy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WidgetContext } from "../lib/contract";
import { askAssistant, leaveNumber, restoreConversation } from "./conversation";

// A stand-in for the worker's /api/chat: answers with the status and body the test names in the question; and for
// /api/widget/leads, with the status the visitor's name names.
const server = createServer(async (request, response) => {
  let body = "";
  for await (const chunk of request) body += chunk;
  if (request.url?.startsWith("/api/widget/leads")) {
    const status = Number((JSON.parse(body) as { name: string }).name);
    response.writeHead(status, { "content-type": "application/json" });
    response.end(
      JSON.stringify(
        status === 201
          ? { id: "lead-1" }
          : status === 400
            ? { error: { code: "validation_failed", message: "Check the highlighted fields.", fields: { phone: WIDGET_LEAD_COPY.invalidPhone } } }
            : { error: { code: "rate_limited", message: "Too many requests from your network." } },
      ),
    );
    return;
  }
  const question = (JSON.parse(body) as { messages: { content: string }[] }).messages.at(-1)?.content ?? "";
  const [status, reply] = question.split("|");
  response.writeHead(Number(status), { "content-type": "application/json" });
  response.end(
    reply === "raw"
      ? "not json"
      : JSON.stringify(Number(status) < 400 ? { reply } : { error: { code: reply || "x", message: reply ? "The business's own words." : "y" } }),
  );
});
let context: WidgetContext;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  context = {
    base,
    key: "pk_test_key_1",
    config: {
      organization: { name: "Test Plumbing" },
      colors: { primary: "#000000", on_primary: "#ffffff" },
      widgets: ["chat"],
      chat: { agent_name: "Rosa", greeting: "Hi, I'm Rosa at Test Plumbing. How can I help you today?", signature: "signed-greeting" },
    },
    locale: undefined,
    autoOpen: undefined,
    launcher: undefined,
    load: async () => undefined,
  };
});
afterAll(() => server.close());

const ask = (content: string) => askAssistant(context, [{ role: "user", content }]);

describe("askAssistant: what the chat shows for each answer (spec 000 §8)", () => {
  it("a reply is shown, trimmed", async () => {
    expect(await ask("200|  We open at 8.  ")).toEqual({ reply: "We open at 8." });
  });

  it("a missing reply is the apology", async () => {
    expect(await ask("200|")).toEqual({ reply: CHAT_MESSAGES.noReply });
  });

  it.each([
    ["429", [CHAT_MESSAGES.tooManyTitle, CHAT_MESSAGES.tooMany]],
    ["402", [CHAT_MESSAGES.billingTitle, CHAT_MESSAGES.billing]],
    ["503", [CHAT_MESSAGES.backendTitle, CHAT_MESSAGES.backend]],
    ["500", [CHAT_MESSAGES.backendTitle, CHAT_MESSAGES.backend]],
  ])("HTTP %s → its toast", async (status, toast) => {
    expect(await ask(`${status}|`)).toEqual({ toast });
  });

  it.each(["spend_cap", "trial_ended"])("the business's own limit (%s) reads in its words, not as a rate limit", async (code) => {
    expect(await ask(`429|${code}`)).toEqual({ toast: [CHAT_MESSAGES.pausedTitle, "The business's own words."] });
  });

  it("a body that is not JSON, or a network failure, is the backend error", async () => {
    expect(await ask("200|raw")).toEqual({ toast: [CHAT_MESSAGES.backendTitle, CHAT_MESSAGES.backend] });
    const offline = await askAssistant({ ...context, base: "http://127.0.0.1:9" }, [{ role: "user", content: "hi" }]);
    expect(offline).toEqual({ toast: [CHAT_MESSAGES.backendTitle, CHAT_MESSAGES.backend] });
  });
});

describe("the chat speaks for the business that embedded it", () => {
  it("opens with the greeting the config gives, signed, so the server keeps it as the assistant's", () => {
    expect(restoreConversation(context)).toEqual([
      { role: "assistant", content: "Hi, I'm Rosa at Test Plumbing. How can I help you today?", sig: "signed-greeting" },
    ]);
  });

  it("hands the visitor's name and number to the business: sent, refused field by field, or failed in its words", async () => {
    expect(await leaveNumber(context, { name: "201", phone: "4155550142" })).toEqual({ ok: true });
    expect(await leaveNumber(context, { name: "400", phone: "12" })).toEqual({ fields: { phone: WIDGET_LEAD_COPY.invalidPhone } });
    expect(await leaveNumber(context, { name: "429", phone: "4155550142" })).toEqual({
      toast: [WIDGET_LEAD_COPY.failedTitle, "Too many requests from your network."],
    });
  });
});

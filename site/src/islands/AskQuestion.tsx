import { CHAT_MESSAGES, HOUSE_WIDGET_KEY } from "@nikki/core";
import { type SubmitEvent, useState } from "react";
import { api, call } from "../lib/client";
import { toast } from "../lib/toast";
import { useHydrated } from "../lib/use-hydrated";
import "./ask.css";
import "./form.css";

/** The /demos "Ask a question" box: a real answer from the chat endpoint, as the chat widget would give it. */
export default function AskQuestion() {
  const [question, setQuestion] = useState("");
  const [asked, setAsked] = useState("");
  const [answer, setAnswer] = useState("");
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();

  async function ask(event: SubmitEvent) {
    event.preventDefault();
    const text = question.trim();
    if (!text || pending) return;
    setPending(true);
    setAsked(text);
    setAnswer("");
    const result = await call(api.chat.$post, { query: { key: HOUSE_WIDGET_KEY } }, { messages: [{ role: "user", content: text }] });
    setPending(false);
    if (result.ok) {
      setAnswer(result.data.reply?.trim() || CHAT_MESSAGES.noReply);
      setQuestion("");
      return;
    }
    const [title, description] =
      result.status === 429
        ? [CHAT_MESSAGES.tooManyTitle, CHAT_MESSAGES.tooMany]
        : result.status === 402
          ? [CHAT_MESSAGES.billingTitle, CHAT_MESSAGES.billing]
          : [CHAT_MESSAGES.backendTitle, CHAT_MESSAGES.backend];
    toast({ title, description, variant: "destructive" });
  }

  return (
    <div className="ask">
      <form onSubmit={ask} className="ask-form">
        <fieldset disabled={!hydrated || pending}>
          <div className="field">
            <label htmlFor="ask-question">Your question</label>
            <div className="ask-row">
              <input
                id="ask-question"
                placeholder="e.g. Can Nikki book appointments into my calendar?"
                maxLength={2000}
                value={question}
                onChange={(event) => setQuestion(event.target.value)}
              />
              <button type="submit" className="btn btn-primary" disabled={!question.trim()}>
                {pending ? "Asking..." : "Ask"}
              </button>
            </div>
          </div>
        </fieldset>
      </form>
      <div aria-live="polite">
        {asked && (
          <div className="card answer">
            <p className="muted">You asked: {asked}</p>
            <p>{pending ? CHAT_MESSAGES.typing : answer}</p>
          </div>
        )}
      </div>
    </div>
  );
}

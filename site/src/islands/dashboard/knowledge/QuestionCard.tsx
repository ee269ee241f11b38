import { CHAT_QUESTION_PREFIX, QUESTION_MESSAGES as M, answerQuestionSchema, parseFields, plural } from "@nikki/core";
import { type FormEvent, type KeyboardEvent, useRef, useState } from "react";
import { type DataOf, api, call } from "../../../lib/client";
import { useBusinessTime } from "../../../lib/business-time";
import { useAction } from "../../../lib/use-action";
import { knowledgeChanged } from "../../../lib/knowledge-changed";
import { useSubmit } from "../../../lib/use-submit";
import "../../form.css";

export type Question = DataOf<typeof api.knowledge.questions.$get>["questions"][number];

/** The calls a card links to; the rest are counted. */
const LINKED_CALLS = 5;

interface Props {
  question: Question;
  /** Owners and admins answer and dismiss; viewers read. */
  canAnswer: boolean;
  /** The question left the list (answered or dismissed). */
  onDone(id: string): void;
}

/**
 * One question callers asked: how often, the calls that asked it, the model's draft (one click saves it as the answer),
 * an answer of the owner's own (Ctrl+Enter or Save answer), and Dismiss.
 */
export default function QuestionCard({ question, canAnswer, onDone }: Props) {
  const [answer, setAnswer] = useState("");
  const { pending, errors, submit } = useSubmit<"answer">();
  const dismissal = useAction();
  const time = useBusinessTime();
  const fieldId = `answer-${question.id}`;
  const busy = pending || dismissal.busy();
  const field = useRef<HTMLTextAreaElement>(null);
  // An answer refused (empty here, or by the server) puts the focus back in the field whose message says why, once
  // the field is enabled again.
  const refocus = () => setTimeout(() => field.current?.focus(), 0);

  async function save(text: string) {
    const parsed = parseFields(answerQuestionSchema, { answer: text });
    const done = await submit({
      invalid: parsed.ok ? {} : parsed.fields,
      request: () => call(api.knowledge.questions[":id"].answer.$post, { param: { id: question.id } }, parsed.ok ? parsed.data : {}),
      failure: { toast: "Your answer was not saved" },
      success: { title: "Answer saved", description: M.answered },
      onFieldErrors: (fields) => fields.answer && refocus(),
    });
    if (!parsed.ok) refocus();
    if (done) {
      knowledgeChanged();
      onDone(question.id);
    }
  }

  async function dismiss() {
    const done = await dismissal.run({
      request: () => call(api.knowledge.questions[":id"].dismiss.$post, { param: { id: question.id } }),
      failure: "The question was not dismissed",
      success: { title: "Dismissed", description: M.dismissed },
    });
    if (done) onDone(question.id);
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(answer);
  };
  // Enter writes a new line in the answer; Ctrl+Enter (Cmd+Enter) saves it.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save(answer);
    }
  };

  const callIds = question.call_ids.filter((id) => !id.startsWith(CHAT_QUESTION_PREFIX));
  const chats = question.call_ids.length - callIds.length;
  const calls = callIds.slice(0, LINKED_CALLS);
  const more = callIds.length - calls.length;
  return (
    <li className="question-card" aria-labelledby={`question-${question.id}`}>
      <div className="question-head">
        <h3 id={`question-${question.id}`}>{question.text}</h3>
        <span className="question-count">Asked {plural(question.count, "time")}</span>
      </div>
      <p className="question-meta">
        Last asked {time.dateTime(question.last_asked_at)}
        {calls.length > 0 && (
          <>
            {" · "}
            {calls.map((id, index) => (
              <span key={id}>
                {index > 0 && ", "}
                <a href={`/dashboard/calls?call=${id}`}>Call {index + 1}</a>
              </span>
            ))}
            {more > 0 && ` and ${more} more`}
          </>
        )}
        {chats > 0 && ` · ${chats} in your website chat`}
      </p>
      <div className="question-draft">
        {question.suggested_answer ? (
          <>
            <p className="question-draft-label">Suggested answer</p>
            <p>{question.suggested_answer}</p>
            {canAnswer && (
              <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => void save(question.suggested_answer ?? "")}>
                Use suggested answer
              </button>
            )}
          </>
        ) : (
          <p className="muted">{canAnswer ? M.noSuggestion : M.noSuggestionReader}</p>
        )}
      </div>
      {canAnswer && (
        <form className="question-answer" noValidate onSubmit={onSubmit}>
          <div className="field">
            <label htmlFor={fieldId}>Your answer</label>
            <textarea
              ref={field}
              id={fieldId}
              rows={3}
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
              onKeyDown={onKeyDown}
              disabled={busy}
              aria-invalid={errors.answer ? true : undefined}
              aria-describedby={errors.answer ? `${fieldId}-hint ${fieldId}-error` : `${fieldId}-hint`}
            />
            <p className="field-hint" id={`${fieldId}-hint`}>
              What your agent should tell callers. Ctrl+Enter saves it.
            </p>
            {errors.answer && (
              <p className="field-error" id={`${fieldId}-error`}>
                {errors.answer}
              </p>
            )}
          </div>
          <div className="question-actions">
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              {pending ? "Saving…" : "Save answer"}
            </button>
            <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => void dismiss()}>
              Dismiss
            </button>
          </div>
        </form>
      )}
    </li>
  );
}

import { chatTitle } from "@nikki/core/chat-title";
import { CHAT_MESSAGES, WIDGET_LEAD_COPY } from "@nikki/core/widget-copy";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { WidgetProps } from "../lib/define-widget";
import { useSharedValue } from "../lib/shared-value";
import { createToasts } from "../lib/toasts";
import { type ChatMessage, askAssistant, restoreConversation, saveConversation } from "./conversation";
import { LeaveNumber } from "./LeaveNumber";

export function ChatPanel({ context, open }: WidgetProps) {
  const [messages, setMessages] = useState(() => restoreConversation(context));
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  // The contact hand-off: closed, its form open, or sent.
  const [handOff, setHandOff] = useState<"closed" | "open" | "sent">("closed");
  const { show, Toasts } = useMemo(createToasts, []);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const help = useRef<HTMLParagraphElement>(null);
  const isOpen = useSharedValue(open);
  const { config } = context;
  const title = chatTitle(config.organization.name);

  // A layout effect: the listener is there as soon as the panel is, not a frame later (an Escape pressed right after
  // opening was lost under load).
  useLayoutEffect(() => {
    if (!isOpen) return;
    input.current?.focus();
    // Escape closes from anywhere in the widget, the launcher included (focus may still be there just after opening).
    const root = input.current?.getRootNode();
    const onKeyDown = (event: Event) => (event as KeyboardEvent).key === "Escape" && close();
    root?.addEventListener("keydown", onKeyDown);
    return () => root?.removeEventListener("keydown", onKeyDown);
  }, [isOpen]);

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: "end" });
  }, [messages, pending, isOpen]);

  const close = () => {
    open.value = false;
    context.launcher?.focus();
  };

  async function send(event: Event) {
    event.preventDefault();
    const text = draft.trim();
    if (!text || pending) return;
    const asked: ChatMessage[] = [...messages, { role: "user", content: text }];
    setMessages(asked);
    setDraft("");
    setPending(true);
    const outcome = await askAssistant(context, asked);
    setPending(false);
    if ("reply" in outcome) {
      const { reply, sig, offer } = outcome;
      const answered: ChatMessage[] = [...asked, { role: "assistant", content: reply, ...(sig ? { sig } : {}), ...(offer ? { offer } : {}) }];
      setMessages(answered);
      saveConversation(context, answered);
      setAnnouncement(outcome.reply);
    } else {
      // Nothing is lost: the unanswered question goes back into the input to send again.
      setMessages(messages);
      setDraft(text);
      show("error", ...outcome.toast);
    }
    requestAnimationFrame(() => input.current?.focus());
  }

  return (
    <>
      {isOpen && (
        <div class="panel" role="dialog" aria-label={title}>
          <header>
            <span class="avatar" aria-hidden="true">
              {config.chat.agent_name.charAt(0).toUpperCase()}
            </span>
            <h2>{title}</h2>
            <button type="button" class="icon" aria-label="Close chat" onClick={close}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </header>
          <div class="messages" ref={list}>
            {messages.map((message, index) => (
              <p key={index} class={`bubble ${message.role}`}>
                <span class="sr-only">{message.role === "user" ? "You: " : "Assistant: "}</span>
                {message.content}
              </p>
            ))}
            {pending && <p class="bubble assistant typing">{CHAT_MESSAGES.typing}</p>}
            {/* The assistant could not answer: right under its reply, where the visitor can leave their number. */}
            {!pending && messages.at(-1)?.offer && handOff === "closed" && (
              <p class="offer">
                {config.contact_url ? (
                  <a class="btn secondary" href={config.contact_url} target="_top">
                    {WIDGET_LEAD_COPY.contact}
                  </a>
                ) : (
                  <button type="button" class="btn secondary" onClick={() => setHandOff("open")}>
                    {WIDGET_LEAD_COPY.offer(config.organization.name)}
                  </button>
                )}
              </p>
            )}
          </div>
          <div class="sr-only" aria-live="polite">
            {announcement}
          </div>
          <form class="composer" onSubmit={send}>
            <label class="sr-only" for="nikki-chat-input">
              Your question
            </label>
            <input
              id="nikki-chat-input"
              ref={input}
              class="field"
              placeholder={CHAT_MESSAGES.placeholder}
              maxLength={2000}
              autoComplete="off"
              value={draft}
              disabled={pending}
              onInput={(event) => setDraft(event.currentTarget.value)}
            />
            <button type="submit" class="btn send" aria-label="Send message" disabled={pending || !draft.trim()}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M3 20l18-8L3 4v6l12 2-12 2z" />
              </svg>
            </button>
          </form>
          {handOff === "open" ? (
            <LeaveNumber
              context={context}
              question={messages.findLast((message) => message.role === "user")?.content}
              onClose={(sent) => {
                setHandOff(sent ? "sent" : "closed");
                // The form goes away with the focus in it: the visitor's place is the thanks (read out as it is
                // focused), or the question box after Cancel.
                requestAnimationFrame(() => (sent ? help.current : input.current)?.focus());
              }}
              onFailed={(toast) => show("error", ...toast)}
            />
          ) : (
            <p class="help" ref={help} tabIndex={handOff === "sent" ? -1 : undefined}>
              {handOff === "sent" ? (
                WIDGET_LEAD_COPY.sent(config.organization.name)
              ) : (
                <>
                  {WIDGET_LEAD_COPY.prompt}{" "}
                  {config.contact_url ? (
                    <a href={config.contact_url} target="_top">
                      {WIDGET_LEAD_COPY.contact}
                    </a>
                  ) : (
                    <button type="button" class="link" onClick={() => setHandOff("open")}>
                      {WIDGET_LEAD_COPY.open}
                    </button>
                  )}
                </>
              )}
            </p>
          )}
        </div>
      )}
      <Toasts />
    </>
  );
}

/**
 * The Knowledge page's panels are islands of their own: an import that finished or a question answered tells the
 * entries list to read again, so the new entries show without a reload.
 */
const EVENT = "nikki:knowledge-changed";

export const knowledgeChanged = () => window.dispatchEvent(new Event(EVENT));

/** Calls `onChange` whenever another panel changed the knowledge; returns the unsubscribe. */
export function onKnowledgeChanged(onChange: () => void): () => void {
  window.addEventListener(EVENT, onChange);
  return () => window.removeEventListener(EVENT, onChange);
}

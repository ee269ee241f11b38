/**
 * "Add entry" from another panel of the Knowledge page (the empty "Questions to answer"): the entries panel, an island
 * of its own, owns the entry dialog and opens it when asked.
 */
const EVENT = "nikki:knowledge-add-entry";

export const askToAddKnowledgeEntry = () => window.dispatchEvent(new Event(EVENT));

/** Calls `open` whenever another panel asks for a new entry; returns the unsubscribe. */
export function onAddKnowledgeEntry(open: () => void): () => void {
  window.addEventListener(EVENT, open);
  return () => window.removeEventListener(EVENT, open);
}

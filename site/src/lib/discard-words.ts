/** The question asked before a form dialog's unsaved edits are dropped. */
export const DISCARD_QUESTION = {
  title: "Discard your changes?",
  lead: "What you changed here has not been saved.",
  keep: "Keep editing",
  discard: "Discard",
};

import { TEST_CALL_SEEN_KEY } from "@nikki/core";

/** Someone signed in is a customer: the house Test a Call dialog must not open by itself over what they came to do. */
export function markTestCallSeen(): void {
  try {
    localStorage.setItem(TEST_CALL_SEEN_KEY, "1");
  } catch {
    // Storage blocked: the widget then never opens by itself anyway.
  }
}

import { useState } from "react";

/**
 * A key that changes each time `open` turns true, in that same render. A dialog keyed with it is a new form at every
 * opening, blank from its first frame: resetting its fields in an effect after it opened showed the last values for a
 * moment and wiped what was typed meanwhile.
 */
export function useOpeningKey(open: boolean): number {
  const [wasOpen, setWasOpen] = useState(open);
  const [key, setKey] = useState(0);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setKey((count) => count + 1);
  }
  return key;
}

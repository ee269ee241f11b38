/**
 * What the simulated Realtime model says when the bridge asks for a response with instructions of its own (the
 * greeting, the goodbye at the time limit). As a real model does, it follows them rather than reading them out: a line
 * it is told to say exactly is said word for word; anything else gets words of its own.
 */
const EXACT = /\bexactly\b[^"]*"(.*)"/s;
const GOODBYE = /\b(goodbye|wrap up)\b/i;

export function spokenResponse(instructions: string | undefined): string {
  const exact = EXACT.exec(instructions ?? "")?.[1]?.trim();
  if (exact) return exact;
  if (instructions && GOODBYE.test(instructions))
    return "I'm sorry, we need to wrap up now. Someone from the team will follow up. Thanks for calling, goodbye!";
  return "How can I help?";
}

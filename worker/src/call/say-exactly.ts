/**
 * Instructions that have the model say a line word for word (the greeting, a filler while a tool runs): told exactly
 * what to say, the caller, the transcript and the dashboard all have the same line. The OpenAI simulator reads the line
 * back out of them (simulators/spoken-response.ts).
 */
export const sayExactly = (line: string) => `Say exactly this, word for word, and nothing else: "${line}"`;

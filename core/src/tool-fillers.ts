/**
 * What the agent says while a tool it called is slow (issue 37 §2): a first line when the tool has not answered within
 * 700 ms, a second if it is still running 2 s later; in the agent's language, spoken in its voice by the media plane
 * (worker/src/call/tool-fillers.ts). The Test Suite's slow_tool scenario looks for these lines in the transcript.
 */
export const TOOL_FILLERS = {
  en: ["One moment while I check that.", "Still checking…"],
  es: ["Un momento, lo estoy comprobando.", "Sigo comprobándolo…"],
  fr: ["Un instant, je vérifie.", "Je vérifie toujours…"],
  de: ["Einen Moment, ich sehe kurz nach.", "Ich sehe immer noch nach…"],
  it: ["Un attimo, controllo subito.", "Sto ancora controllando…"],
  pt: ["Um momento, vou verificar.", "Ainda estou verificando…"],
} as const satisfies Record<string, readonly [string, string]>;

/** The two lines in an agent language ("es-ES" → Spanish); English for any other. */
export function toolFillers(language: string): readonly [string, string] {
  const primary = language.split("-")[0]!.toLowerCase();
  return primary in TOOL_FILLERS ? TOOL_FILLERS[primary as keyof typeof TOOL_FILLERS] : TOOL_FILLERS.en;
}

/** Whether a line the agent said is one of the fillers (any language): not an answer to the caller. */
export function isToolFiller(line: string): boolean {
  const said = line.trim();
  return Object.values(TOOL_FILLERS).some((lines) => lines.some((filler) => filler === said));
}

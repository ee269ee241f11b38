/** An OpenAI error answer: its HTTP status and error code (`insufficient_quota`, `rate_limit_exceeded`, …). */
export class OpenAiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`OpenAI answered ${status}${code ? ` (${code})` : ""}`);
  }
}

async function failure(response: Response): Promise<OpenAiError> {
  const body = (await response.json().catch(() => null)) as { error?: { code?: string; type?: string } } | null;
  return new OpenAiError(response.status, body?.error?.code ?? body?.error?.type ?? null);
}

/** OpenAI chat completions with a JSON schema response, over fetch (base URL from OPENAI_BASE_URL). */
export async function chatJson<T>(options: {
  apiKey: string;
  baseUrl: string;
  model: string;
  system: string;
  user: string;
  schemaName: string;
  schema: Record<string, unknown>;
  timeoutMs?: number;
}): Promise<T> {
  const response = await fetch(`${options.baseUrl.replace(/\/$/, "")}/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({
      model: options.model,
      messages: [
        { role: "system", content: options.system },
        { role: "user", content: options.user },
      ],
      response_format: { type: "json_schema", json_schema: { name: options.schemaName, strict: true, schema: options.schema } },
    }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (!content) throw new Error("OpenAI returned no content");
  return JSON.parse(content) as T;
}

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A plain-text chat completion (SMS replies, the chat assistant). */
export async function chatText(options: {
  apiKey: string;
  baseUrl: string;
  model: string;
  messages: ChatMessage[];
  maxTokens: number;
  timeoutMs?: number;
}): Promise<string> {
  const response = await fetch(`${options.baseUrl.replace(/\/$/, "")}/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ model: options.model, messages: options.messages, max_completion_tokens: options.maxTokens }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
  const content = body.choices?.[0]?.message?.content?.trim();
  if (!content) throw new Error("OpenAI returned no content");
  return content;
}

import { BRIDGE_HEALTH_BODY, PROBE_MESSAGES, type ProbeResult } from "@nikki/core";
import { BusinessUrlRefused } from "../../services/business-urls";

/** "Voice Bridge OK" and a little room: a bridge's answer is compared, never shown, so no more is read. */
const READ_LIMIT = 64;

async function startOf(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < READ_LIMIT) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  await reader.cancel().catch(() => {});
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return new TextDecoder().decode(bytes.slice(0, READ_LIMIT));
}

/**
 * What a voice bridge's health URL answered, in our words (issue 33): the status, whether it is a Nikki voice bridge,
 * a redirect (not followed), unreachable, or a saved URL the guard refuses. The endpoint's bytes never reach the page.
 */
export async function bridgeAnswer(fetching: () => Promise<Response>): Promise<Omit<ProbeResult, "target">> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const response = await fetching();
    const contentType = response.headers.get("content-type");
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      return { status: response.status, content_type: contentType, ms: ms(), body: PROBE_MESSAGES.redirectNotFollowed(response.status) };
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      return { status: response.status, content_type: contentType, ms: ms(), body: PROBE_MESSAGES.bridgeAnswered(response.status) };
    }
    const isBridge = (await startOf(response)).trim() === BRIDGE_HEALTH_BODY;
    return { status: 200, content_type: contentType, ms: ms(), body: isBridge ? PROBE_MESSAGES.bridgeAnswered(200) : PROBE_MESSAGES.notABridge };
  } catch (error) {
    const body = error instanceof BusinessUrlRefused ? PROBE_MESSAGES.refusedUrl("bridge URL", error.reason) : PROBE_MESSAGES.unreachable;
    return { status: 0, content_type: null, ms: ms(), body };
  }
}

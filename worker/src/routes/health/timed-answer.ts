import type { ProbeResult } from "@nikki/core";

const BODY_LIMIT = 500;

/** What a checked endpoint answered: status, content type, milliseconds and the start of its body (status 0 when unreachable). */
export async function timedAnswer(fetching: () => Promise<Response>): Promise<Omit<ProbeResult, "target">> {
  const started = performance.now();
  try {
    const response = await fetching();
    const body = (await response.text()).slice(0, BODY_LIMIT);
    return { status: response.status, content_type: response.headers.get("content-type"), ms: Math.round(performance.now() - started), body };
  } catch {
    return { status: 0, content_type: null, ms: Math.round(performance.now() - started), body: "Endpoint unreachable" };
  }
}

import { PROBE_MESSAGES, type ProbeResult } from "@nikki/core";

const BODY_LIMIT = 500;

/**
 * What one of this deployment's own webhooks answered, called in-process: status, content type, milliseconds and the
 * start of its body, our own TwiML (status 0 when unreachable). A URL a business chose goes through bridgeAnswer or
 * the CRM webhook's delivery instead, which never show the endpoint's bytes.
 */
export async function timedAnswer(fetching: () => Promise<Response>): Promise<Omit<ProbeResult, "target">> {
  const started = performance.now();
  try {
    const response = await fetching();
    const body = (await response.text()).slice(0, BODY_LIMIT);
    return { status: response.status, content_type: response.headers.get("content-type"), ms: Math.round(performance.now() - started), body };
  } catch {
    return { status: 0, content_type: null, ms: Math.round(performance.now() - started), body: PROBE_MESSAGES.unreachable };
  }
}

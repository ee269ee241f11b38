/**
 * A provider request sent once more after a failure, as the official SDKs do with the one retry the product configured
 * for them (`maxRetries: 1`, `maxNetworkRetries: 1`): after a network failure or a timeout, and after an answer the
 * provider's policy calls retryable, once its delay has passed. Each attempt gets its own timeout, as in the SDKs.
 */
export interface RetryPolicy {
  /** Whether an error answer (not 2xx) is worth sending again. */
  retryable(response: Response): boolean;
  /** How long to wait before the retry, in ms, given the failed answer (null after a network failure or a timeout). */
  delayMs(response: Response | null): number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `send` is called once, or twice when the first attempt failed in a way `policy` retries; the last answer is returned. */
export async function sendWithOneRetry(send: (signal: AbortSignal) => Promise<Response>, timeoutMs: number, policy: RetryPolicy): Promise<Response> {
  let first: Response;
  try {
    first = await send(AbortSignal.timeout(timeoutMs));
  } catch {
    await sleep(policy.delayMs(null));
    return send(AbortSignal.timeout(timeoutMs));
  }
  if (first.ok || !policy.retryable(first)) return first;
  // The failed answer's body is not read: release it before waiting.
  await first.body?.cancel();
  await sleep(policy.delayMs(first));
  return send(AbortSignal.timeout(timeoutMs));
}

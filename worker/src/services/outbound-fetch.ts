/**
 * The worker's fetch for every request it sends out, to providers and to businesses' URLs alike: a redirect is an
 * answer (3xx, which callers treat as a failure), never followed, so no answer can send the worker somewhere its
 * URL guard did not see (issue 33). The media plane, which imports none of services/, sets the same option itself.
 */
export const outboundFetch: typeof fetch = (input, init) => fetch(input, { ...init, redirect: "manual" });

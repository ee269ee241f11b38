/**
 * Long work on a business's content (a 2 MB page, a sitemap, a robots.txt of thousands of rules) done in pieces, with
 * this between them: workerd runs the isolate's other requests (every `GET /api/ping`, every dashboard read, the
 * other Durable Objects' events) only while the one running awaits, so a parse that never awaits holds them all.
 * A zero timer rather than a resolved promise: a microtask never leaves the current turn; `setTimeout` does, in
 * workerd as in Node (the Node-side tests and the knowledge bench run the same parsers). Not a MessageChannel message
 * either, though it costs far less than a timer's millisecond or so: workerd delivers it without letting the waiting
 * requests in (knowledge-import-responsive.test.ts fails with it).
 */
export const yieldToOtherRequests = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

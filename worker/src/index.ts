import { createApp } from "./app";
import type { Bindings } from "./env";
import { rearmDueAnalyses } from "./jobs/analysis-retries";
import { sendMorningDigests } from "./jobs/morning-digest";
import { liveServices } from "./services";

export { RateLimiter } from "./durable/rate-limiter";
export { CallSession } from "./voice/call-session";

const app = createApp(liveServices);

export default {
  fetch: app.fetch,
  /** Every 15 minutes: morning digests that are due, and analyses whose retry alarm did not run. */
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(Promise.all([sendMorningDigests(env), rearmDueAnalyses(env)]));
  },
} satisfies ExportedHandler<Bindings>;

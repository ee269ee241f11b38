import { createApp } from "./app";
import type { Bindings } from "./env";
import { liveServices } from "./services";

export { RateLimiter } from "./durable/rate-limiter";
export { CallSession } from "./voice/call-session";

const app = createApp(liveServices);

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Bindings>;

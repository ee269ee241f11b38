import { createApp } from "./app";
import type { Bindings } from "./env";
import { liveServices } from "./services";

export { RateLimiter } from "./durable/rate-limiter";

const app = createApp(liveServices);

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Bindings>;

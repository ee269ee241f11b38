import { createApp } from "./app";
import type { Bindings } from "./env";
import { liveServices } from "./services";

const app = createApp(liveServices);

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Bindings>;

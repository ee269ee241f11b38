import { createApp } from "../src/app";
import { liveServices } from "../src/services";

/** Every `METHOD /path` the app's router serves (middleware-only `ALL` entries aside): what the matrices must cover. */
export function servedRoutes(): string[] {
  return [
    ...new Set(
      createApp(liveServices)
        .routes.filter((route) => route.method !== "ALL")
        .map((route) => `${route.method} ${route.path}`),
    ),
  ];
}

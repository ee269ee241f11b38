import { LIMITS } from "@nikki/core";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { readConfig } from "./env";
import type { AppEnv } from "./http/app-env";
import { ApiError } from "./http/api-error";
import { notFound, onError } from "./middleware/errors";
import { requestLog } from "./middleware/request-log";
import { healthRoutes } from "./routes/health";
import { leadRoutes } from "./routes/leads";
import { telemetryRoutes } from "./routes/telemetry";
import type { Services } from "./services";

/** The whole HTTP surface, on the services it is given (live providers, or simulators in tests). */
export function createApp(services: Services) {
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(async (c, next) => {
    c.set("config", readConfig(c.env));
    await next();
  });
  app.use(requestLog());
  app.use(
    "/api/*",
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      crossOriginResourcePolicy: false,
    }),
  );
  app.use(
    bodyLimit({
      maxSize: LIMITS.requestBodyBytes,
      onError: () => {
        throw new ApiError("payload_too_large");
      },
    }),
  );
  app.use(async (c, next) => {
    c.set("db", services.database(c.env, c.var.config));
    await next();
  });

  app.route("/api", healthRoutes);
  app.route("/api/leads", leadRoutes);
  app.route("/api/telemetry", telemetryRoutes);

  // /dashboard/* reaches the worker first (wrangler.toml run_worker_first) so later guards can run;
  // the page itself is a static asset.
  app.get("/dashboard/*", (c) => c.env.ASSETS.fetch(c.req.raw));

  app.onError(onError);
  app.notFound(notFound);
  return app;
}

export type App = ReturnType<typeof createApp>;

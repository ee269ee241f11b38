import { LIMITS, safeRedirectPath } from "@nikki/core";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { AuthCache } from "./auth/cache";
import { loadCaller } from "./auth/context";
import { readConfig } from "./env";
import type { AppEnv } from "./http/app-env";
import { ApiError } from "./http/api-error";
import { csrf } from "./middleware/csrf";
import { notFound, onError } from "./middleware/errors";
import { requestLog } from "./middleware/request-log";
import { accountRoutes } from "./routes/account";
import { agentRoutes } from "./routes/agents";
import { appointmentRoutes } from "./routes/appointments";
import { calendarFeedRoutes } from "./routes/calendar-feed";
import { manageRoutes } from "./routes/manage";
import { serviceRoutes } from "./routes/services";
import { callRoutes } from "./routes/calls";
import { eventRoutes } from "./routes/events";
import { overviewRoutes } from "./routes/overview";
import { chatRoutes } from "./routes/chat";
import { billingRoutes } from "./routes/billing";
import { realtimeRoutes } from "./routes/realtime";
import { voiceSampleRoutes } from "./routes/voice-samples";
import { stripeWebhookRoutes } from "./routes/webhooks/stripe";
import { demoCallRoutes } from "./routes/demo-calls";
import { widgetRoutes } from "./routes/widget";
import { authRoutes } from "./routes/auth";
import { healthRoutes } from "./routes/health";
import { publicInvitationRoutes } from "./routes/invitations";
import { leadRoutes } from "./routes/leads";
import { operatorLeadRoutes } from "./routes/operator/leads";
import { numberRoutes } from "./routes/numbers";
import { integrationRoutes } from "./routes/integrations";
import { testCallStatusRoutes } from "./demo-calls/test-call";
import { testSuiteRoutes } from "./routes/test-suite";
import { orgRoutes } from "./routes/org";
import { telemetryRoutes } from "./routes/telemetry";
import { twilioRoutes } from "./routes/twilio";
import { internalRoutes } from "./routes/internal";
import { promptAudio } from "./voice/prompts";
import type { ServicesFactory } from "./services";

/** The whole HTTP surface, on the services it is given (live providers, or simulators in tests). */
export function createApp(servicesFor: ServicesFactory) {
  const app = new Hono<AppEnv>();
  const authCache = new AuthCache();

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
  const tooLarge = () => {
    throw new ApiError("payload_too_large");
  };
  const publicBodies = bodyLimit({ maxSize: LIMITS.requestBodyBytes, onError: tooLarge });
  // A long call's transcript, handed over by the media plane at its end, is larger than anything a visitor sends.
  const planeBodies = bodyLimit({ maxSize: LIMITS.planeBodyBytes, onError: tooLarge });
  app.use((c, next) => (c.req.path.startsWith("/internal/") ? planeBodies(c, next) : publicBodies(c, next)));
  app.use(async (c, next) => {
    const services = servicesFor(c.env, c.var.config);
    c.set("services", services);
    c.set("db", services.db);
    c.set("mailer", services.mailer(c.var.log));
    c.set("authCache", authCache);
    c.set("selfFetch", async (request) => app.fetch(request, c.env, c.executionCtx));
    await next();
  });
  app.use(async (c, next) => {
    await next();
    const cookies = c.get("setCookies");
    if (!cookies?.length) return;
    const response = new Response(c.res.body, c.res);
    for (const cookie of cookies) response.headers.append("set-cookie", cookie);
    c.res = response;
  });
  app.use("/api/*", csrf());

  app.route("/api", healthRoutes);
  app.route("/api/leads", leadRoutes);
  app.route("/api/operator", operatorLeadRoutes);
  app.route("/api/telemetry", telemetryRoutes);
  app.route("/api/auth", authRoutes);
  app.route("/api/account", accountRoutes);
  app.route("/api/invitations", publicInvitationRoutes);
  app.route("/api/org", orgRoutes);
  app.route("/api/agents", agentRoutes);
  app.route("/api/services", serviceRoutes);
  app.route("/api/appointments", appointmentRoutes);
  app.route("/api/calendar", calendarFeedRoutes);
  app.route("/api/numbers", numberRoutes);
  app.route("/api/integrations", integrationRoutes);
  app.route("/api/test-calls", testCallStatusRoutes);
  app.route("/api/test-suite", testSuiteRoutes);
  app.route("/api/calls", callRoutes);
  app.route("/api/events", eventRoutes);
  app.route("/api/overview", overviewRoutes);
  app.route("/api/widget", widgetRoutes);
  app.route("/api/chat", chatRoutes);
  app.route("/api/demo-calls", demoCallRoutes);
  app.route("/api/realtime", realtimeRoutes);
  app.route("/api/billing", billingRoutes);
  app.route("/api/voice-samples", voiceSampleRoutes);
  app.route("/twilio", twilioRoutes);
  app.route("/internal", internalRoutes);
  // Voicemail greetings voiced by a business's ElevenLabs account, fetched by Twilio's <Play> (ids are random UUIDs).
  app.get("/media/prompts/:id", async (c) => {
    const prompt = await promptAudio(c.var.db, c.req.param("id"));
    if (!prompt) return c.text("Not found", 404);
    return c.body(prompt.audio, 200, { "content-type": prompt.contentType, "cache-control": "public, max-age=86400, immutable" });
  });
  app.route("/webhooks", stripeWebhookRoutes);
  // The booked person's manage page (the link in their texts): worker-first, like the API.
  app.route("/a", manageRoutes);

  // The dashboard is static pages; the worker decides first whether the visitor may see them (wrangler.toml
  // run_worker_first), sending a signed-out visitor to sign in and back.
  app.on("GET", ["/dashboard", "/dashboard/*"], async (c) => {
    const caller = await loadCaller(c).catch(() => null);
    if (!caller) {
      const url = new URL(c.req.url);
      return c.redirect(`/login?redirect=${encodeURIComponent(safeRedirectPath(url.pathname + url.search))}`, 302);
    }
    const response = await c.env.ASSETS.fetch(c.req.raw);
    const headers = new Headers(response.headers);
    headers.set("cache-control", "private, no-store");
    return new Response(response.body, { status: response.status, headers });
  });

  app.onError(onError);
  app.notFound(notFound);
  return app;
}

export type App = ReturnType<typeof createApp>;

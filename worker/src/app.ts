import { LIMITS, safeRedirectPath } from "@nikki/core";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { AuthCache } from "./auth/cache";
import { loadCaller } from "./middleware/access/request-auth";
import { isOperator } from "./middleware/access";
import { readConfig } from "./env";
import type { AppEnv } from "./app-env";
import { ApiError } from "./http/api-error";
import { csrf } from "./middleware/csrf";
import { notFound, onError } from "./middleware/errors";
import { requestLog } from "./middleware/request-log";
import { accountRoutes } from "./routes/account";
import { agentRoutes } from "./routes/agents";
import { appointmentRoutes } from "./routes/appointments";
import { calendarFeedRoutes } from "./routes/calendar-feed";
import { manageRoutes } from "./routes/manage";
import { knowledgeRoutes } from "./routes/knowledge";
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
import { businessLeadRoutes } from "./routes/leads/business";
import { operatorLeadRoutes } from "./routes/operator/leads";
import { numberRoutes } from "./routes/numbers";
import { integrationRoutes } from "./routes/integrations";
import { testCallStatusRoutes } from "./routes/test-calls/index";
import { testSuiteRoutes } from "./routes/test-suite";
import { knowledgeImportRoutes } from "./routes/knowledge/imports";
import { orgRoutes } from "./routes/org";
import { telemetryRoutes } from "./routes/telemetry";
import { toMediaPlane, twilioRoutes } from "./routes/twilio";
import { internalRoutes } from "./routes/internal";
import { knowledgeQuestionRoutes } from "./routes/knowledge/questions";
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

  // One chain, so the returned app's type describes every route (the site's typed client is built from it).
  const routes = app
    .route("/api", healthRoutes)
    .route("/api/leads", leadRoutes)
    .route("/api/leads", businessLeadRoutes)
    .route("/api/operator", operatorLeadRoutes)
    .route("/api/telemetry", telemetryRoutes)
    .route("/api/auth", authRoutes)
    .route("/api/account", accountRoutes)
    .route("/api/invitations", publicInvitationRoutes)
    .route("/api/org", orgRoutes)
    .route("/api/agents", agentRoutes)
    .route("/api/services", serviceRoutes)
    .route("/api/knowledge", knowledgeRoutes)
    .route("/api/appointments", appointmentRoutes)
    .route("/api/calendar", calendarFeedRoutes)
    .route("/api/numbers", numberRoutes)
    .route("/api/integrations", integrationRoutes)
    .route("/api/test-calls", testCallStatusRoutes)
    .route("/api/test-suite", testSuiteRoutes)
    .route("/api/knowledge", knowledgeImportRoutes)
    .route("/api/calls", callRoutes)
    // Before /api/knowledge's own routes (its /:id would take /questions).
    .route("/api/knowledge/questions", knowledgeQuestionRoutes)
    .route("/api/events", eventRoutes)
    .route("/api/overview", overviewRoutes)
    .route("/api/widget", widgetRoutes)
    .route("/api/chat", chatRoutes)
    .route("/api/demo-calls", demoCallRoutes)
    .route("/api/realtime", realtimeRoutes)
    .route("/api/billing", billingRoutes)
    .route("/api/voice-samples", voiceSampleRoutes)
    .route("/twilio", twilioRoutes)
    .route("/internal", internalRoutes)
    // A member listening in to a call (issue 56 §2): the media plane's socket, reached through this origin too.
    .get("/media/listen/:callSid/:segment", toMediaPlane)
    // Voicemail greetings voiced by a business's ElevenLabs account, fetched by Twilio's <Play> (ids are random UUIDs).
    .get("/media/prompts/:id", async (c) => {
      const prompt = await promptAudio(c.var.db, c.req.param("id"));
      if (!prompt) return c.text("Not found", 404);
      return c.body(prompt.audio, 200, { "content-type": prompt.contentType, "cache-control": "public, max-age=86400, immutable" });
    })
    .route("/webhooks", stripeWebhookRoutes)
    // The booked person's manage page (the link in their texts): worker-first, like the API.
    .route("/a", manageRoutes)
    // The dashboard is static pages; the worker decides first whether the visitor may see them (wrangler.toml
    // run_worker_first), sending a signed-out visitor to sign in and back.
    .on("GET", ["/dashboard", "/dashboard/*"], async (c) => {
      const caller = await loadCaller(c).catch(() => null);
      if (!caller) {
        const url = new URL(c.req.url);
        return c.redirect(`/login?redirect=${encodeURIComponent(safeRedirectPath(url.pathname + url.search))}`, 302);
      }
      // /dashboard/leads is the operators' Sales leads: a business's own leads are at /dashboard/business-leads.
      if (/^\/dashboard\/leads(\/|\.html)?$/.test(new URL(c.req.url).pathname) && !isOperator(c, caller)) {
        return c.redirect("/dashboard/business-leads", 302);
      }
      const response = await c.env.ASSETS.fetch(c.req.raw);
      const headers = new Headers(response.headers);
      headers.set("cache-control", "private, no-store");
      return new Response(response.body, { status: response.status, headers });
    });

  routes.onError(onError);
  routes.notFound(notFound);
  return routes;
}

/** Every route with its inputs and JSON answers: the site's typed client (`hc<App>`) reads it from declarations. */
export type App = ReturnType<typeof createApp>;

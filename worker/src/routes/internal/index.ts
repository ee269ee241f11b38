/**
 * `/internal/calls/:callSid/*`: the media plane's requests to the control plane, signed (call/plane-auth.ts) rather
 * than carrying a role: a stream's plan as it arrives, a tool the model called, the call's end, the model's session
 * again, a greeting it had no render of, the transcript's lines as they are said (the live view), the moment the
 * agent has told the caller the owner takes over, and which listening members may still listen (a lease).
 */
import { type Context, Hono } from "hono";
import * as z from "zod";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { verifiedPlaneBody } from "../../call/plane-auth";
import { CALL_END_REASONS, type CallEnd } from "../../call/plan";
import type { LiveBatch } from "../../call/live";
import { MAX_LISTENERS } from "@nikki/core/live-listen";
import { allowedListeners } from "../calls/listen";

const CALL_SID = /^CA[0-9a-f]{32}$/i;

const transcriptEntry = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string().max(20_000),
  timestamp: z.string().max(40),
  language: z.string().max(16).optional(),
});
const toolRequest = z.object({
  name: z.string().min(1).max(64),
  arguments: z.string().max(16_384),
  callerTurns: z.array(transcriptEntry).max(3).optional(),
});
const planRequest = z.object({
  segment: z.number().int().min(2).max(9).optional(),
  signature: z.string().max(200),
});
const liveBatch = z.object({
  segment: z.number().int().min(2).max(9).optional(),
  first: z.number().int().min(0).max(5_000),
  lines: z.array(transcriptEntry).max(100),
  done_at: z.array(z.number().int().nonnegative()).max(100),
  latency: z
    .object({
      greeting_ms: z.number().nonnegative().nullable(),
      first_turn: z.number().int().min(0).max(5_000),
      voice_to_voice_ms: z.array(z.number().nonnegative()).max(100),
    })
    .nullable(),
});
const listeners = z.object({
  organization_id: z.string().min(1).max(64),
  user_ids: z.array(z.string().min(1).max(64)).max(MAX_LISTENERS),
});
const callEnd = z.object({
  reason: z.enum(CALL_END_REASONS),
  segment: z.number().int().min(2).max(9).optional(),
  transcript: z.array(transcriptEntry).max(5_000),
  metrics: z.record(z.string(), z.unknown()).nullable(),
});

/** The call's CallSession and the request's body, when the media plane signed it and it has the shape `schema` says. */
async function planeRequest<Schema extends z.ZodType>(c: Context<AppEnv>, schema: Schema) {
  const callSid = c.req.param("callSid") ?? "";
  const body = await verifiedPlaneBody<object>(c.var.config.AUTH_SECRET, c.req.raw);
  if (!body || !CALL_SID.test(callSid)) throw new ApiError("forbidden");
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError("validation_failed");
  return { session: c.env.CALL_SESSION.get(c.env.CALL_SESSION.idFromName(callSid)), body: parsed.data as z.infer<Schema> };
}

export const internalRoutes = new Hono<AppEnv>()
  .post("/calls/:callSid/plan", async (c) => {
    const { session, body } = await planeRequest(c, planRequest);
    return c.json({ plan: await session.streamPlan(body) });
  })
  .post("/calls/:callSid/tool", async (c) => {
    const { session, body } = await planeRequest(c, toolRequest);
    return c.json(await session.tool(body));
  })
  .post("/calls/:callSid/ended", async (c) => {
    const { session, body } = await planeRequest(c, callEnd);
    return c.json({ kept: await session.ended(body as CallEnd) });
  })
  .post("/calls/:callSid/realtime", async (c) => {
    const { session } = await planeRequest(c, z.object({}));
    return c.json({ realtime: await session.realtime() });
  })
  .post("/calls/:callSid/greeting", async (c) => {
    const { session } = await planeRequest(c, z.object({}));
    return c.json({ rendered: await session.renderGreeting() });
  })
  .post("/calls/:callSid/live", async (c) => {
    const { session, body } = await planeRequest(c, liveBatch);
    await session.liveLines(body as LiveBatch);
    return c.body(null, 204);
  })
  .post("/calls/:callSid/listeners", async (c) => {
    const { body } = await planeRequest(c, listeners);
    return c.json({ allowed: await allowedListeners(c.var.db, c.req.param("callSid"), body.organization_id, body.user_ids) });
  })
  .post("/calls/:callSid/hand-over", async (c) => {
    const { session } = await planeRequest(c, z.object({ segment: z.number().int().min(2).max(9).optional() }));
    await session.handOver();
    return c.body(null, 204);
  });

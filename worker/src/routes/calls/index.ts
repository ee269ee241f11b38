import { CALL_MESSAGES, SCREENED_MESSAGES, canManage, SPEND_MESSAGES, SPEND_PRICES_MICRO_USD, callListQuerySchema, masksContactsFor } from "@nikki/core";
import { chargeSpend, refusalNow } from "../../billing/spend";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { agents, calls } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { queryOf } from "../../http/parse-body";
import { access, orgCaller } from "../../middleware/access";
import { hourly, rateLimit } from "../../middleware/rate-limit";
import { jsonList } from "../../db/json";
import { settingsRowOf } from "../../org/settings";
import { NO_TRANSCRIPT } from "../../after-call/analysis";
import { organizationOwnNames } from "../../org/own-names";
import { organizationTimeZone } from "../../org/time-zone";
import { appointmentsOfCalls } from "../../appointments/of-calls";
import { callActionRoutes } from "./actions";
import { callBlockRoutes } from "./block";
import { serializeCallDetail } from "./detail";
import { callColumns, listCalls } from "./list";
import { liveCallRoutes } from "./live";
import { listenRoutes } from "./listen";
import { ownerNotesOf } from "./owner-notes";
import { textsAboutCall } from "../../messaging/text-log";

/** `/api/calls`: the organization's calls (every member reads them; owners and admins act on them). */
export const callRoutes = new Hono<AppEnv>()
  // First: `/live` is no call's id.
  .route("/", liveCallRoutes)
  .route("/", listenRoutes)
  .get("/", access("viewer"), queryOf(callListQuerySchema, "a filter of the call list"), async (c) => {
    const { organizationId, role } = orgCaller(c);
    const query = c.req.valid("query");
    const reader = { masksContacts: masksContactsFor(role) };
    return c.json(await listCalls(c.var.db, organizationId, query, await organizationTimeZone(c.var.db, organizationId), reader));
  })
  .get("/:id", access("viewer"), async (c) => {
    const caller = orgCaller(c);
    const [row] = await c.var.db
      .select(callColumns)
      .from(calls)
      .leftJoin(agents, eq(agents.id, calls.agentId))
      .where(and(eq(calls.id, c.req.param("id")), eq(calls.organizationId, caller.organizationId)));
    if (!row) throw new ApiError("not_found", { message: "That call was not found." });
    const settings = await settingsRowOf(c.var.db, caller.organizationId);
    // Viewers always read the speech redacted and the contact details masked; owners and admins read them as stored.
    const masksContacts = masksContactsFor(caller.role);
    const [booked, texts] = await Promise.all([
      organizationTimeZone(c.var.db, caller.organizationId).then((zone) => appointmentsOfCalls(c.var.db, caller.organizationId, [row.call.id], zone)),
      textsAboutCall(c.var.db, caller.organizationId, row.call.id, masksContacts),
    ]);
    const keep = masksContacts ? await organizationOwnNames(c.var.db, caller.organizationId) : [];
    const options = { storedRedacted: settings.piiRedaction, masksContacts, keep };
    const blocked = jsonList(settings.blockedNumbers).includes(row.call.direction === "inbound" ? row.call.fromNumber : row.call.toNumber);
    // The owners' notes to the agent are for owners and admins: never in the transcript, never a viewer's.
    const ownerNotes = canManage(caller.role) ? ownerNotesOf(row.call.ownerNotes) : [];
    return c.json({ call: { ...serializeCallDetail(row, options, booked.get(row.call.id) ?? []), number_blocked: blocked, owner_notes: ownerNotes, texts } });
  })
  .get("/:id/recording", access("viewer"), async (c) => {
    const caller = orgCaller(c);
    const [call] = await c.var.db
      .select({ recordingUrl: calls.recordingUrl, direction: calls.direction, fromNumber: calls.fromNumber, toNumber: calls.toNumber })
      .from(calls)
      .where(and(eq(calls.id, c.req.param("id")), eq(calls.organizationId, caller.organizationId)));
    if (!call) throw new ApiError("not_found", { message: "That call was not found." });
    if (!call.recordingUrl) throw new ApiError("not_found", { message: CALL_MESSAGES.noRecording });
    // The recording lives on the Twilio account that holds the business's number; the browser never sees that URL.
    const business = call.direction === "inbound" ? call.toNumber : call.fromNumber;
    const { twilio } = await (await c.var.services.providersFor(caller.organizationId)).forNumber(business);
    const upstream = await twilio?.recording(call.recordingUrl, c.req.header("range") ?? null).catch(() => null);
    if (!upstream || !(upstream.ok || upstream.status === 416)) {
      c.var.log.warn("recording_unavailable", { status: upstream?.status ?? null });
      throw new ApiError("not_found", { message: CALL_MESSAGES.noRecording });
    }
    const headers = new Headers({
      "content-type": upstream.headers.get("content-type") ?? "audio/wav",
      "accept-ranges": "bytes",
      "cache-control": "private, no-store",
    });
    for (const name of ["content-length", "content-range"]) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(upstream.body, { status: upstream.status, headers });
  })
  .route("/", callActionRoutes)
  .route("/", callBlockRoutes)
  .post("/:id/reprocess", access("admin"), rateLimit([hourly("reprocess", (c) => `reprocess:${orgCaller(c).organizationId}`)]), async (c) => {
    const [call] = await c.var.db
      .select({ id: calls.id, callSid: calls.callSid, transcript: calls.transcript, screened: calls.screened })
      .from(calls)
      .where(and(eq(calls.id, c.req.param("id")), eq(calls.organizationId, orgCaller(c).organizationId)));
    if (!call) throw new ApiError("not_found", { message: "That call was not found." });
    if (call.screened) throw new ApiError("validation_failed", { message: SCREENED_MESSAGES[call.screened] });
    const entries = call.transcript ? (JSON.parse(call.transcript) as unknown[]) : [];
    if (entries.length === 0) throw new ApiError("validation_failed", { message: NO_TRANSCRIPT });
    // A run is model use like any other: refused past the daily cap or a lapsed trial, and counted against the cap.
    const { organizationId } = orgCaller(c);
    const refusal = await refusalNow(c.var.services, organizationId);
    if (refusal === "spend_cap") throw new ApiError(refusal, { message: SPEND_MESSAGES.analysisCapped });
    if (refusal === "trial_ended") throw new ApiError(refusal, { message: SPEND_MESSAGES.analysisTrialEnded });
    await chargeSpend(c.var.services, c.var.log, organizationId, "", SPEND_PRICES_MICRO_USD.analysis);
    await c.var.db
      .update(calls)
      .set({ processingStatus: "pending", processingAttempts: 0, processingError: null, nextAttemptAt: new Date() })
      .where(eq(calls.id, call.id));
    await c.env.CALL_SESSION.get(c.env.CALL_SESSION.idFromName(call.callSid)).reprocess(call.id);
    await c.var.services.publishCall(orgCaller(c).organizationId, { id: call.id, processing_status: "pending" });
    return c.json({ id: call.id, processing_status: "pending" }, 202);
  });

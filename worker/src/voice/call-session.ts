import { DurableObject } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { placeholders, preparedQuery } from "../db/prepared";
import { calls } from "../db/schema";
import { dashboardsOpen, liveDashboardsOfCall } from "../durable/live-dashboards";
import { type Bindings, readConfig } from "../env";
import { type Logger, type LogLevel, createLogger } from "../logger";
import { mediaPlane } from "./media-client";
import type { CallEnd, CallEndReason, MediaPlan, PlanRequest, RealtimeTarget, StoredPlan, ToolRequest } from "../call/plan";
import { type Services, liveServices, withProvidersOnce } from "../services";
import type { CallEffectsOf } from "../call-effects/call-effects";
import { afterCall } from "../after-call/pipeline";
import { callerLanguageOf, languageCodeOf } from "@nikki/core/caller-language";
import { callerLanguageOfCall } from "./caller-language";
import { recordNeverStreamed } from "./call-status";
import { messageAfterDrop } from "./dropped-call";
import { renderCallGreeting } from "./greeting-cache";
import { callModel, callOpenAi } from "./media-plan";
import { recordScreenedEnd, screenedEnd } from "./screened-call";
import type { AfterDial, CallSessionRpc, CallSetup, OwnerAnswer, OwnerRequest, ToolCall, TransferState } from "../rpc/call-session";
import { type ToolOutput, runTool } from "./tools";
import { TransferKeeper } from "./transfer/keeper";
import { withHandOff } from "./transfer/hand-off";
import { keptSoFar, storedSoFar } from "./transfer/kept-so-far";
import { StreamPlans } from "./stream-plans";
import { claimAnsweredPlan, readAnsweredPlan } from "./answered-plan";
import type { LiveCallView } from "@nikki/core";
import type { LiveBatch } from "../call/live";
import type { Providers } from "../services/providers";
import { LiveCall } from "./live/live-call";
import { agentSegment, handOver, ownerCommand } from "./live/owner";

/** The call's end as the media plane saw it: its transcript and latency figures, analysis due now. */
const endCallQuery = preparedQuery((db) =>
  db
    .update(calls)
    .set({
      ...placeholders("transcript", "metrics", "endedAt", "nextAttemptAt"),
      // The caller's language as the media plane told it, else as a tool stored it, else the agent's own.
      language: sql`coalesce(${sql.placeholder("language")}, ${calls.language}, ${sql.placeholder("agentLanguage")})`,
      processingStatus: "pending",
    })
    .where(eq(calls.id, sql.placeholder("id")))
    .returning({ liveDashboards: liveDashboardsOfCall() })
    .prepare(),
);

/**
 * One call (keyed by CallSid) in the control plane: the setup decided at the webhook, the tools the model calls, the
 * call's end (stored once), then its analysis from an alarm. Its audio runs in the media plane (media/session.ts),
 * which asks for the tools and hands over the end through the internal routes (routes/internal). Its effects are the
 * ones `effectsOf` chooses for it, handed in by the worker's entry (index.ts): this folder knows no Test Suite.
 */
export class CallSession extends DurableObject<Bindings> implements CallSessionRpc {
  private setup: CallSetup | null = null;
  private readonly log: Logger;
  /** The call's services: the organization's provider accounts are read once for the whole call. */
  private readonly services: Services;
  private readonly unscopedServices: Services;
  /** The call's warm transfer, if one is tried (transfer/keeper.ts). */
  private readonly transfers: TransferKeeper;
  /** Its streams' plans, until the media plane asks for them (stream-plans.ts). */
  private readonly plans: StreamPlans;
  /** The caller's language for its tools, stored on the call's row once (caller-language.ts). */
  private readonly callerLanguage: ReturnType<typeof callerLanguageOfCall>;
  /** The call as its live views see it, and an owner's commands (live/). */
  private readonly live: LiveCall;

  constructor(
    ctx: DurableObjectState,
    env: Bindings,
    private readonly effectsOf: CallEffectsOf,
  ) {
    super(ctx, env);
    const config = readConfig(env);
    this.unscopedServices = liveServices(env, config);
    this.services = withProvidersOnce(this.unscopedServices);
    this.transfers = new TransferKeeper(ctx.storage, this.services.db);
    this.plans = new StreamPlans(ctx.storage);
    this.callerLanguage = callerLanguageOfCall(this.services.db);
    this.live = new LiveCall(ctx, this.services);
    this.log = createLogger({ component: "call_session", call_sid: ctx.id.name ?? null }, config.LOG_LEVEL as LogLevel);
  }

  /** The plan of a later stream of the call (the agent again after a transfer nobody took). */
  keepPlan(plan: StoredPlan): Promise<void> {
    return this.plans.keep(plan);
  }

  /**
   * The media plane's request as Twilio's stream arrives: the stream's plan with the model's session (its key read
   * now), or null for a stream that may not run (unknown, forged, late, already ended, or no model account).
   */
  async streamPlan(request: PlanRequest): Promise<MediaPlan | null> {
    const segment = request.segment ?? 1;
    if (segment === 1 && !(await this.loadSetup())) return this.claimAnswered(request);
    const plan = await this.plans.forStream(request, async () => this.endings.has(segment) || (await this.endReason()) !== null);
    const realtime = plan ? await this.realtime() : null;
    if (!plan || !realtime) return null;
    await this.plans.markStreamed(segment);
    return { ...plan, realtime };
  }

  /**
   * The call's first stream: its plan read from the call's row (answered-plan.ts), given only to the signature it
   * expects, then claimed from the row and kept here with the setup, for the call's tools and end.
   */
  private async claimAnswered(request: PlanRequest): Promise<MediaPlan | null> {
    const answered = await readAnsweredPlan(this.services.db, this.ctx.id.name ?? "");
    if (!answered || !StreamPlans.expects(answered.plan, request)) return null;
    const realtime = await this.realtimeOf(answered.setup);
    if (!realtime || !(await claimAnsweredPlan(this.services.db, answered.setup.tool.callId, realtime.model))) return null;
    await this.ctx.storage.put({ setup: answered.setup, ...StreamPlans.entry(answered.plan, true) });
    this.setup = answered.setup;
    this.plans.kept(answered.plan, true);
    return { ...answered.plan, realtime };
  }

  /** The media plane had no render of the call's greeting: it is rendered now, for the next call (this one's model says it). */
  async renderGreeting(): Promise<boolean> {
    const [setup, plan] = await Promise.all([this.loadSetup(), this.plans.stored(1)]);
    if (!setup || !plan?.greetingKey) return false;
    return renderCallGreeting(this.services, mediaPlane(this.env.MEDIA, this.services.config.AUTH_SECRET ?? ""), setup, plan.greetingKey, this.log);
  }

  private async loadSetup(): Promise<CallSetup | null> {
    this.setup ??= (await this.ctx.storage.get<CallSetup>("setup")) ?? null;
    return this.setup;
  }

  /** A tool the model called, run with the call's agent's permissions on the organization's accounts. */
  async tool(request: ToolRequest): Promise<ToolOutput> {
    const setup = await this.loadSetup();
    if (!setup) return { ok: false, error: "This call is not known here. Offer to take a message instead." };
    // The watchers see the action start as it is asked for, before anything it waits on (its accounts, the caller's
    // language, a Test Suite run's slow booking system), so "Looking up free times…" is on their screens while it runs.
    const started = await this.live.toolStarted(request.name).catch(() => undefined);
    const providers = await this.services.providersFor(setup.tool.organizationId);
    const { slowToolMs } = setup.tool;
    if (slowToolMs && request.name !== "end_call") await new Promise((resolve) => setTimeout(resolve, slowToolMs));
    const call = await this.callerLanguage(setup.tool, request.callerTurns);
    const deps = { services: this.services, providers, log: this.log };
    const output = await runTool(request.name, request.arguments, call, { ...deps, db: this.services.db, effects: this.effectsFor(call, providers) });
    this.log.info("call_tool", { tool: request.name, ok: output.ok });
    await this.live.toolDone(setup, request.name, output, await this.transfers.state(), started).catch(() => undefined);
    return output;
  }

  /** The call's effects for its tools and its owner's commands, with its transfer kept here. */
  private effectsFor(call: ToolCall, providers?: Providers) {
    const transfers = { begin: this.transfers.begin.bind(this.transfers), cancel: this.transfers.cancel.bind(this.transfers) };
    return this.effectsOf(call, { services: this.services, ...(providers ? { providers } : {}), log: this.log, transfers });
  }

  /** The live view's start (issue 56): what was said and done so far; "answering" until a stream claimed the call. */
  async liveView(): Promise<LiveCallView> {
    const view = await this.live.feed.view(0);
    return (await this.loadSetup()) ? view : { ...view, state: "answering" };
  }

  /** A live view's socket, from the calls route (which checked the member, the organization and that the call is on). */
  override async fetch(): Promise<Response> {
    return this.live.feed.watch(0);
  }

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === "ping") socket.send("pong");
  }

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    // 1005 and 1006 (no code, abnormal) may not be sent back: close normally.
    socket.close(code >= 1000 && code < 1004 ? code : 1000, "Closed");
  }

  /** The transcript's lines as the media plane hands them over, for the live views. */
  async liveLines(batch: LiveBatch): Promise<void> {
    await this.live.feed.lines(batch);
  }

  /** An owner's note, take-over or end (live/owner.ts); "ended" for a call that is over, or not known here. */
  async owner(request: OwnerRequest): Promise<OwnerAnswer> {
    const setup = await this.loadSetup();
    if (!setup || (await this.endReason())) return "ended";
    const media = mediaPlane(this.env.MEDIA, this.services.config.AUTH_SECRET ?? "");
    return ownerCommand(request, {
      ...(await this.ownerDeps(setup)),
      command: (segment, command) => media.command(setup.tool.callSid, segment, command),
      callerLanguage: await this.live.feed.callerLanguage(),
    });
  }

  /** The stream a member listens in to (issue 56 §2): the one the caller talks to the agent on. */
  async listenSegment(): Promise<number | "ended" | "not_with_agent"> {
    const setup = await this.loadSetup();
    if (!setup || (await this.endReason())) return "ended";
    const transfer = await this.transfers.state();
    if (transfer?.phase === "over") return "ended";
    return agentSegment(transfer) ?? "not_with_agent";
  }

  /** The agent has told the caller it is putting them through: the owner who took the call over is rung now. */
  async handOver(): Promise<void> {
    const setup = await this.loadSetup();
    if (setup && !(await this.endReason())) await handOver(await this.ownerDeps(setup));
  }

  private async ownerDeps(setup: CallSetup) {
    const origin = this.services.config.publicOrigin ?? null;
    return { setup, transfer: await this.transfers.state(), live: this.live, storage: this.ctx.storage, effects: this.effectsFor(setup.tool), origin };
  }

  /** The model's session again, for a media session that lost the one opened at the webhook; null when the call is gone. */
  async realtime(): Promise<RealtimeTarget | null> {
    const setup = await this.loadSetup();
    return setup ? this.realtimeOf(setup) : null;
  }

  /** Where the call's model session opens, on the account that pays for it; null when that account has no key. */
  private async realtimeOf(setup: CallSetup): Promise<RealtimeTarget | null> {
    return (await callOpenAi(this.services, setup))?.realtimeTarget(callModel(this.services, setup)) ?? null;
  }

  /**
   * The call's end, kept once (a repeated delivery changes nothing): Twilio is told what comes next when the call
   * itself must go on or stop (the time limit or the agent ended it: hang up; the model dropped: an apology and the
   * message-taking path), the transcript and figures are stored, open dashboards are told, the analysis is due. A call
   * the media plane screened (silent, a recording talking over the greeting) is stored as such first, then hung up, and
   * never analysed (screened-call.ts).
   */
  async ended(end: CallEnd): Promise<boolean> {
    // A delivery that comes again while the first is under way waits for it; one after a failure tries afresh. Each
    // of the call's streams (segments: the agent again after a transfer) hands over its own end.
    const segment = end.segment ?? 1;
    let ending = this.endings.get(segment);
    if (!ending) {
      ending = this.keepEnd(end).catch((error: unknown) => {
        this.endings.delete(segment);
        throw error;
      });
      this.endings.set(segment, ending);
    }
    return ending;
  }

  private readonly endings = new Map<number, Promise<boolean>>();

  /** Whether the end is kept (now or before); false for a call this object was never told of. */
  private async keepEnd(end: CallEnd): Promise<boolean> {
    const setup = await this.loadSetup();
    if (!setup) return false;
    if (await this.endReason()) return true;
    const transfer = await this.transfers.state();
    const segment = end.segment ?? 1;
    // The stream ended for a transfer: what was said is kept, and the call goes on (put through, or back to the agent).
    if (transfer && segment === transfer.fromSegment && transfer.phase !== "over") {
      await keptSoFar(this.services.db, setup.tool.callId, withHandOff(end, transfer.startedAt, setup.language, Date.now()));
      await this.ctx.storage.put("keptSegment", segment);
      this.log.info("call_stream_ended_for_transfer", { call_id: setup.tool.callId, turns: end.transcript.length });
      return true;
    }
    // The agent again after the transfer: its transcript follows what was kept; the figures stay the answer's.
    if (transfer && segment !== transfer.fromSegment) {
      const before = await storedSoFar(this.services.db, setup.tool.callId);
      end = { ...end, transcript: [...before.transcript, ...end.transcript], metrics: before.metrics ?? end.metrics };
    }
    const origin = this.services.config.publicOrigin;
    const screened = screenedEnd(end.reason);
    if (screened) await recordScreenedEnd(this.services, setup.tool, end, screened);
    const update =
      end.reason === "time_limit" || end.reason === "agent_ended" || screened
        ? ({ status: "completed" } as const)
        : end.reason === "openai_closed" && origin
          ? { twiml: messageAfterDrop(origin) }
          : null;
    if (update) {
      if (end.reason === "openai_closed") this.log.warn("model_connection_dropped", { call_id: setup.tool.callId });
      await this.effectsOf(setup.tool, { services: this.services, log: this.log })
        .endCall(update)
        .catch((error: unknown) => this.log.warn("call_update_failed", { reason: end.reason, error: String(error) }));
    }
    await this.closeCall(setup, end, screened !== null);
    return true;
  }

  /** The call's end stored (its transcript and figures, or those kept when its stream ended for a transfer): analysis is due. */
  private async closeCall(setup: CallSetup, end: CallEnd, screened: boolean) {
    const now = new Date();
    // A screened call's row was written apart (screened-call.ts): its dashboards are told, whoever watches.
    const [stored] = screened
      ? []
      : await endCallQuery(this.services.db).all({
          id: setup.tool.callId,
          transcript: JSON.stringify(end.transcript),
          metrics: end.metrics ? JSON.stringify(end.metrics) : null,
          endedAt: now,
          nextAttemptAt: now,
          language: callerLanguageOf(end.transcript),
          agentLanguage: languageCodeOf(setup.language) ?? "en",
        });
    await this.ctx.storage.put("endReason", end.reason);
    this.log.info("call_ended", { call_id: setup.tool.callId, reason: end.reason, turns: end.transcript.length });
    this.live.feed.ended();
    if (dashboardsOpen(stored?.liveDashboards))
      await this.services.publishCall(setup.tool.organizationId, { id: setup.tool.callId, processing_status: screened ? "processed" : "pending" });
    await this.ctx.storage.setAlarm(Date.now() + 500);
  }

  /**
   * Twilio reported the call over and no transcript was written. One whose stream never asked for its plan (the caller
   * hung up first, or it never connected) keeps nothing: this object forgets its setup and plan (the media plane never
   * heard of the call), and the call is recorded as one the AI never took, at `neverTakenCostMicroUsd`
   * (recordNeverStreamed). Answers whether it was. A streamed call's end comes from the media plane, and the call is
   * forgotten after its analysis (`alarm`).
   */
  async callEnded(neverTakenCostMicroUsd = 0): Promise<boolean> {
    const transfer = await this.transfers.state();
    if (transfer?.phase === "dialing") return this.endedDuringTransfer(transfer).then(() => false);
    // After a transfer, the stream that matters is the agent's again.
    const segment = transfer?.phase === "agent" ? transfer.resumeSegment : 1;
    if (this.endings.has(segment) || (await this.endReason()) !== null || (await this.plans.streamed(segment))) return false;
    // The caller hung up before the agent came back: the call is what was said before the transfer.
    if (transfer) return this.endedDuringTransfer(transfer).then(() => false);
    await this.forgetAll();
    return recordNeverStreamed(this.services, this.ctx.id.name ?? "", neverTakenCostMicroUsd);
  }

  /** The call lives on in the database, under its retention rule; this object's copy (the caller's number among it) goes. */
  private async forgetAll(): Promise<void> {
    this.setup = null;
    this.plans.forget();
    this.live.feed.ended();
    this.live.feed.forget();
    await this.ctx.storage.deleteAll();
  }

  /**
   * Twilio reported the call over while a transfer rang, was put through, or before the agent came back: what was said
   * before it is the call's transcript, analysed now (or when that stream's end arrives, if it has not yet).
   */
  private async endedDuringTransfer(transfer: TransferState): Promise<void> {
    if (await this.endReason()) return;
    await this.transfers.over();
    const setup = await this.loadSetup();
    if (!setup || (await this.ctx.storage.get<number>("keptSegment")) !== transfer.fromSegment) return;
    const kept = await storedSoFar(this.services.db, setup.tool.callId);
    await this.closeCall(setup, { reason: "twilio_stop", transcript: kept.transcript, metrics: kept.metrics }, false);
  }

  /** The whisper's briefing: the transfer and the call so far; null when no transfer waits on this call. */
  async transferBrief(): Promise<{ transfer: TransferState; setup: CallSetup; transcript: CallEnd["transcript"] } | null> {
    const [transfer, setup] = await Promise.all([this.transfers.state(), this.loadSetup()]);
    if (!transfer || transfer.phase !== "dialing" || !setup) return null;
    return { transfer, setup, transcript: (await storedSoFar(this.services.db, setup.tool.callId)).transcript };
  }

  /** The whisper's key press: 1 accepts the call. */
  async transferScreened(attempt: number, accepted: boolean): Promise<void> {
    await this.transfers.screened(attempt, accepted);
    const setup = accepted ? await this.loadSetup() : null;
    if (setup) await this.live.putThrough(setup).catch(() => undefined);
  }

  /** Twilio's <Dial action> for one number: what comes next, with the setup a return to the agent needs. */
  async transferDialed(attempt: number, params: Record<string, string>): Promise<{ next: AfterDial; setup: CallSetup | null }> {
    const setup = await this.loadSetup();
    if (!setup) return { next: { kind: "message" }, setup: null };
    const next = await this.transfers.dialed(setup.tool.callId, attempt, params);
    await this.live.dialed(setup, next).catch(() => undefined);
    return { next, setup };
  }

  /** Why the call's stream ended, as the media plane handed it over; null when no end was kept (or it is forgotten). */
  async endReason(): Promise<CallEndReason | null> {
    return (await this.ctx.storage.get<CallEndReason>("endReason")) ?? null;
  }

  /** Analyse (again) now: after "Re-run AI Analysis", or a retry the cron found due. */
  async reprocess(callId: string): Promise<void> {
    await this.ctx.storage.put("analysisCallId", callId);
    await this.ctx.storage.setAlarm(Date.now());
  }

  /**
   * The after-call pipeline (after-call/pipeline.ts): the analysis, retried with backoff by re-arming the alarm until
   * processed or failed; then the follow-up text and the alert, and this object forgets the call.
   */
  override async alarm(): Promise<void> {
    const setup = await this.loadSetup();
    const analysisCallId = await this.ctx.storage.get<string>("analysisCallId");
    // A screened call (silent, a robocall) is never analysed, followed up or alerted: only its setup is let go.
    if (!analysisCallId && screenedEnd((await this.endReason()) ?? "twilio_stop")) return this.forgetAll();
    const callId = analysisCallId ?? setup?.tool.callId;
    if (!callId) return;
    // Each run reads the accounts afresh (a retry may come after the business changed them), then once for all its steps.
    const services = withProvidersOnce(this.unscopedServices);
    const next = await afterCall(services, callId, this.effectsOf, this.log);
    if (next) return this.ctx.storage.setAlarm(next.getTime());
    await this.forgetAll();
  }
}

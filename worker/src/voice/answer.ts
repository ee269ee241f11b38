import { admitCall, refusalNow } from "../billing/spend";
import { AGENT_DEFAULTS, PROBE_CALL_SID, SLOW_TOOL_SCENARIO_MS, afterHoursMoment, isAfterHours, toolFillers } from "@nikki/core";
import { and, eq, sql } from "drizzle-orm";
import { placeholders, preparedQuery } from "../db/prepared";
import { jsonList } from "../db/json";
import { agents, calls, testRuns } from "../db/schema";
import { type CallContext, type SigningAccount, callContextFor } from "./call-context";
import { usableBusinessUrl } from "../services/business-urls";
import { mediaPlanFor } from "./media-plan";
import { answeredPlanJson } from "./answered-plan";
import { greetingOf } from "./greeting-cache";
import { GOODBYE_AT_TIME_LIMIT, agentInstructions, openingLine } from "../agent/instructions";
import type { CallSetup } from "../rpc/call-session";
import { hashToken, mintToken } from "../call/stream-ticket";
import { markSpam, spamBeforeAnswer, spamTwiml } from "./spam-caller";
import { type MessageDeps, takeMessage } from "./take-message";
import { describeCallerMemory, rememberCaller } from "./caller-memory";
import { type AgentKnowledge, NO_KNOWLEDGE, agentKnowledge } from "../knowledge/reader";
import { connectStream, startRecording, twiml } from "./twiml";
import { turnTakingOf } from "../agent/turn-taking";
import { realtimeModelFor } from "./realtime-models";

type Agent = typeof agents.$inferSelect;

/** A call Twilio asks us to answer, from the parameters of its signed webhook. */
export interface IncomingCall {
  direction: "inbound" | "outbound";
  callSid: string;
  from: string;
  to: string;
  /** Outbound calls we placed name the agent that talks. */
  agentId?: string;
  /** The account that signed the webhook, with its token; only its numbers answer, and it signs their streams too. */
  account: SigningAccount & { authToken: string };
}

export interface AnswerDeps extends MessageDeps {
  /** Where this deployment's media plane takes streams (`wss://…/twilio/stream`), unless the organization saved its own. */
  bridgeUrl: string;
  /** Work Twilio's answer need not wait for (telling open dashboards), run after the response. */
  afterResponse(work: Promise<unknown>): void;
}

type RecordedCall = Pick<typeof calls.$inferInsert, "callSid" | "direction" | "fromNumber" | "toNumber" | "organizationId" | "kind" | "afterHours"> & {
  agentId: string | null;
  /** The stream's plan (answered-plan.ts), for a call the AI takes. */
  callPlan?: string;
  /** The moment a Test Suite call plays out (its after-hours scenario's closed hour). */
  simulatedAt?: Date | null;
};

/** A repeated webhook (or a call we placed, recorded when dialled) keeps its row; how it was answered is written over it. */
const recordCallQuery = preparedQuery((db) =>
  db
    .insert(calls)
    .values({
      ...placeholders("id", "callSid", "direction", "fromNumber", "toNumber", "organizationId", "kind", "agentId", "afterHours", "callPlan"),
      // Bound as given (milliseconds or null): a placeholder of the column itself would be mapped as a Date, null too.
      simulatedAt: sql`${sql.placeholder("simulatedAt")}`,
    })
    .onConflictDoUpdate({
      target: calls.callSid,
      set: {
        kind: sql`excluded.${sql.identifier(calls.kind.name)}`,
        agentId: sql`excluded.${sql.identifier(calls.agentId.name)}`,
        afterHours: sql`excluded.${sql.identifier(calls.afterHours.name)}`,
        callPlan: sql`excluded.${sql.identifier(calls.callPlan.name)}`,
        simulatedAt: sql`excluded.${sql.identifier(calls.simulatedAt.name)}`,
      },
    })
    .returning({ id: calls.id })
    .prepare(),
);

/**
 * Records the call once and answers its id (open dashboards told). Twilio may repeat a webhook, and a call we placed is
 * recorded when it is dialled: how it was answered (kind, agent, after hours) is written over what was known then.
 */
async function recordCall(deps: AnswerDeps, context: CallContext, values: Omit<RecordedCall, "organizationId">): Promise<string> {
  const { simulatedAt, ...recorded } = values;
  const [row] = await recordCallQuery(deps.services.db).all({
    id: crypto.randomUUID(),
    organizationId: context.organizationId,
    callPlan: null,
    ...recorded,
    simulatedAt: simulatedAt?.getTime() ?? null,
  });
  if (context.dashboardsOpen) deps.afterResponse(deps.services.publishCall(context.organizationId, { id: row!.id }));
  return row!.id;
}

/**
 * Why the AI cannot take this call, or null when it can. A Test Suite call obeys the plan and the spend cap like a
 * real one, though it holds nothing (its effects charge its model's minutes when it ends); the operator pages' probe
 * is answered regardless.
 */
async function unavailable(
  deps: AnswerDeps,
  context: CallContext | null,
  agent: Agent | null,
  callSid: string,
  kind: "call" | "test" | "probe",
): Promise<string | null> {
  if (!context) return "unknown_number";
  if (!context.numberAssigned || !agent) return "unassigned_number";
  if (agent.status !== "active") return "inactive_agent";
  // With the platform's key every organization has a model; without it, only one whose own key still opens.
  const hasModel = Boolean(deps.services.openai) || (context.ownOpenAiKey && Boolean((await deps.services.providersFor(context.organizationId)).openai));
  if (!hasModel) return "missing_openai_key";
  if (kind === "probe") return null;
  if (kind === "test") return refusalNow(deps.services, context.organizationId, context.limits);
  // Last: admitting the call holds part of today's spend for it.
  return admitCall(deps.services, context.organizationId, callSid, context.limits);
}

/** The agent's knowledge; a call whose knowledge cannot be read is still answered, knowing nothing (so it takes messages). */
function knowledgeOf(deps: AnswerDeps, organizationId: string, agentId: string): Promise<AgentKnowledge> {
  return agentKnowledge(deps.services.db, organizationId, agentId).catch((error: unknown) => {
    deps.log.error("knowledge_read_failed", { organization_id: organizationId, error: error instanceof Error ? error.message : String(error) });
    return NO_KNOWLEDGE;
  });
}

async function agentFor(deps: AnswerDeps, context: CallContext | null, agentId: string | undefined): Promise<Agent | null> {
  if (!context) return null;
  if (!agentId) return context.agent;
  const [agent] = await deps.services.db
    .select()
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.organizationId, context.organizationId)));
  return agent ?? null;
}

/**
 * How a call is answered (inbound to a business's number, or one we placed): TwiML that starts the recording when
 * the organization records calls, and connects the media stream with the call id and a one-time ticket (the model
 * then speaks the agent's opening line first, the recording notice in it). Anything that stops the AI from answering
 * gets a polite voicemail instead, never an error.
 */
export async function answerCall(deps: AnswerDeps, call: IncomingCall): Promise<string> {
  const caller = call.direction === "inbound" ? call.from : call.to;
  const business = call.direction === "inbound" ? call.to : call.from;
  // The operator pages' probe is answered as any call would be, with nothing recorded, held or prepared.
  const probe = call.callSid === PROBE_CALL_SID;
  const now = new Date();
  const context = await callContextFor(deps.services.db, business, call.account, probe ? undefined : call.callSid, caller, now);
  const testRun = context?.testRun ?? null;
  const agent = await agentFor(deps, context, call.agentId);
  const language = agent?.language ?? AGENT_DEFAULTS.language;
  const base = { callSid: call.callSid, direction: call.direction, fromNumber: call.from, toNumber: call.to };
  // A Test Suite call is after hours when its scenario says so, whatever the time: each scenario tests one path. The
  // after-hours one plays at a closed hour, which its agent is told and its row keeps (the dashboard says it).
  const afterHours = testRun ? testRun.scenario === "after_hours" : agent ? isAfterHours(agent.hoursJson, agent.businessHoursTz, now) : false;
  const simulatedAt = testRun?.scenario === "after_hours" && agent ? afterHoursMoment(agent.hoursJson, agent.businessHoursTz, now) : null;

  // Spam (a blocked number, a robocall ringing again and again) is hung up on before anything is held or opened for it.
  const spam =
    context && !probe && !testRun && call.direction === "inbound"
      ? spamBeforeAnswer({ blockedNumbers: context.blockedNumbers, from: call.from, earlierCalls: context.earlierCalls })
      : null;
  if (spam && context) {
    deps.log.info("call_screened", { call_sid: call.callSid, reason: spam });
    const callId = await recordCall(deps, context, { ...base, agentId: agent?.id ?? null, kind: "conversation", afterHours });
    await markSpam(deps.services.db, callId, spam);
    return spamTwiml(language);
  }
  // A returning caller's memory is read while the rest of the answer is decided (it adds no wait of its own), only for
  // a caller the screen let through, and only when the context found an analysed call of theirs to remember.
  const remembered =
    context?.rememberable && !probe && !testRun && call.direction === "inbound"
      ? rememberCaller(deps.services.db, deps.log, { organizationId: context.organizationId, caller, callSid: call.callSid }, now)
      : Promise.resolve({ memory: null, ms: 0 });
  // What the number's agent knows came with the context; a call we placed for another agent reads that one's.
  const known =
    !context || !agent || probe
      ? NO_KNOWLEDGE
      : agent.id === context.agent?.id && context.knowledge
        ? context.knowledge
        : knowledgeOf(deps, context.organizationId, agent.id);
  const problem = await unavailable(deps, context, agent, call.callSid, probe ? "probe" : testRun ? "test" : "call");
  if (problem || !context || !agent) {
    deps.log.warn("call_to_voicemail", { call_sid: call.callSid, reason: problem, to: business });
    if (context && !probe) await recordCall(deps, context, { ...base, agentId: agent?.id ?? null, kind: "voicemail", afterHours, simulatedAt });
    return takeMessage(deps, context, language, afterHours);
  }

  const bridge = usableBusinessUrl(deps.services.config, "bridge_ws_url", context.bridgeWsUrl, context.organizationId) ?? deps.bridgeUrl;
  const streamUrl = `${bridge}/${call.callSid}`;
  if (probe) return connectTwiml(deps, context, streamUrl, { callId: "probe", token: "probe" });
  const token = mintToken();
  const { memory, ms: memoryMs } = await remembered;
  const callerMemory = memory ? describeCallerMemory(memory, caller, agent.businessHoursTz) : undefined;
  const knowledge = await known;
  const setup: CallSetup = {
    tool: {
      // The row's id, filled in when the stream reads the plan (answered-plan.ts): the row is written with it.
      callId: "",
      callSid: call.callSid,
      organizationId: context.organizationId,
      agentId: agent.id,
      businessNumber: business,
      callerNumber: caller,
      escalationJson: agent.escalationJson,
      allowedCountries: context.allowedCountries,
      // Knowledge beyond the instructions' budget is looked up (issue 39 §3), whatever tools the business switched on.
      tools: knowledge.lookup ? [...jsonList(agent.tools), "lookup_knowledge"] : jsonList(agent.tools),
      test: Boolean(testRun),
      ...(testRun?.scenario === "slow_tool" ? { slowToolMs: SLOW_TOOL_SCENARIO_MS } : {}),
    },
    organizationName: context.organizationName,
    afterHours,
    maxCallSeconds: context.maxCallSeconds,
    instructions: agentInstructions({
      agent,
      organizationName: context.organizationName,
      channel: "call",
      afterHours,
      callerMemory,
      knowledge,
      now: simulatedAt ?? now,
    }),
    streamUrl,
    openingLine: openingLine(agent, context.organizationName, {
      announceRecording: context.recordCalls && context.recordAnnounce,
      monitored: context.liveListening,
    }),
    goodbye: GOODBYE_AT_TIME_LIMIT,
    screenTalkOver: call.direction === "inbound",
    fillers: deps.services.config.TOOL_FILLERS === "off" ? [] : toolFillers(agent.language),
    voice: agent.voice,
    turnTaking: turnTakingOf(agent),
    realtimeModel: realtimeModelFor(deps.services.config, agent.realtimeModel),
    language: agent.language,
    ownOpenAiKey: context.ownOpenAiKey,
  };
  const plan = await mediaPlanFor(deps.services, setup, { url: streamUrl, authToken: call.account.authToken, ticketHash: await hashToken(token) });
  if (!plan) {
    // The model's account is gone: the caller leaves a message instead.
    await recordCall(deps, context, { ...base, agentId: agent.id, kind: "voicemail", afterHours, simulatedAt });
    return takeMessage(deps, context, language, afterHours);
  }
  const { realtime: _key, ...stored } = plan;
  stored.greetingKey = (await greetingOf(agent, setup.openingLine)).key;
  // The plan is on the call's row before Twilio has its answer, so the stream always finds it; nothing else is prepared
  // for a call until its stream asks (a call that never streams reaches no Durable Object and not the media plane).
  const callId = await recordCall(deps, context, {
    ...base,
    agentId: agent.id,
    kind: testRun ? "test" : "conversation",
    afterHours,
    simulatedAt,
    callPlan: answeredPlanJson({ setup, plan: stored }),
  });
  if (testRun) await deps.services.db.update(testRuns).set({ callId }).where(eq(testRuns.id, testRun.id));
  deps.log.info("call_answered", {
    call_sid: call.callSid,
    call_id: callId,
    direction: call.direction,
    after_hours: afterHours,
    returning_caller: Boolean(memory),
    caller_memory_ms: memoryMs,
  });

  return connectTwiml(deps, context, streamUrl, { callId, token });
}

/**
 * The answer that connects the call: the recording, then the media stream with its ticket. Nothing is said before the
 * stream: the recording notice is the first words of the agent's opening line (issue 37 §6).
 */
function connectTwiml(deps: AnswerDeps, context: CallContext, streamUrl: string, ticket: { callId: string; token: string }) {
  const verbs = [];
  if (context.recordCalls) verbs.push(startRecording(`${deps.origin}/twilio/voice/status`));
  verbs.push(connectStream(streamUrl, ticket, `${deps.origin}/twilio/voice/after-stream`));
  return twiml(...verbs);
}

import { and, eq, sql } from "drizzle-orm";
import { REPEAT_CALL_WINDOW_MINUTES, SETTINGS_DEFAULTS } from "@nikki/core";
import { type SpendLimits, spendLimitsOf } from "../billing/spend";
import type { Database } from "../db/client";
import { jsonList } from "../db/json";
import { preparedQuery } from "../db/prepared";
import { dashboardsOpen } from "../durable/live-dashboards";
import { type AgentKnowledge, knowledgeColumn, knowledgeOfColumn } from "../knowledge/reader";
import { memorySince, rememberedCalls } from "./caller-memory";
import { agents, calls, integrations, organizationSettings, organizations, phoneNumbers, subscriptions, testRuns } from "../db/schema";

export interface CallContext {
  organizationId: string;
  organizationName: string;
  agent: typeof agents.$inferSelect | null;
  numberAssigned: boolean;
  recordCalls: boolean;
  recordAnnounce: boolean;
  /** Owners and admins may listen in (the notice then says the call may be monitored). */
  liveListening: boolean;
  maxCallSeconds: number;
  piiRedaction: boolean;
  postCallSms: boolean;
  /** Where this organization's calls may go (transfers included). */
  allowedCountries: string[];
  /** The voice bridge the organization's calls stream to (`wss://HOST/twilio/stream`); null: this deployment's. */
  bridgeWsUrl: string | null;
  /** Callers hung up on before the AI answers (Settings › Calls). */
  blockedNumbers: string[];
  /** What admits the call to the AI (the trial, the daily cap). */
  limits: SpendLimits;
  /** The organization has a verified OpenAI key of its own (whether it still opens is checked where it is used). */
  ownOpenAiKey: boolean;
  /** The Test Suite run this call belongs to, when `callSid` was given and names a running one. */
  testRun: { id: string; scenario: string } | null;
  /**
   * Given the caller: their calls to this organization in the last REPEAT_CALL_WINDOW_MINUTES, this call's own row
   * (a repeated webhook) not counted; read here so screening a robocall costs no round trip of its own (spam-caller.ts).
   */
  earlierCalls: number;
  /** Whether anybody watches the organization's live channel (durable/live-dashboards.ts). */
  dashboardsOpen: boolean;
  /** Given the caller (a call being answered): what the number's assigned agent knows; null otherwise, or with no agent. */
  knowledge: AgentKnowledge | null;
  /**
   * Given the caller: they have an analysed inbound call to this organization within MEMORY_DAYS (not this one), so
   * their memory is worth reading (caller-memory.ts, which also leaves out a caller who opted out).
   */
  rememberable: boolean;
}

/** The Twilio account that signed a webhook: a business's own (with its organization), or the platform's (nulls). */
export interface SigningAccount {
  accountSid: string | null;
  organizationId: string | null;
}

export const PLATFORM_ACCOUNT: SigningAccount = { accountSid: null, organizationId: null };

/** The context's one query, built once: `account` null matches the platform's numbers (`is` compares nulls). */
const contextQuery = preparedQuery((db) =>
  db
    .select({
      organizationId: organizations.id,
      organizationName: organizations.name,
      trialEndsAt: organizations.trialEndsAt,
      assignedAgentId: phoneNumbers.assignedAgentId,
      numberStatus: phoneNumbers.status,
      settings: organizationSettings,
      subscription: { status: subscriptions.status, planSlug: subscriptions.planSlug },
      agent: agents,
      testRun: { id: testRuns.id, scenario: testRuns.scenario },
      earlierCalls: sql<number>`(select count(*) from ${calls} where ${calls.organizationId} = ${phoneNumbers.organizationId} and ${calls.fromNumber} = ${sql.placeholder("caller")} and ${calls.createdAt} >= ${sql.placeholder("since")} and ${calls.callSid} != ${sql.placeholder("callSid")})`,
      knowledge: sql<
        string | null
      >`case when ${sql.placeholder("caller")} is not null then ${knowledgeColumn(phoneNumbers.organizationId, phoneNumbers.assignedAgentId)} end`,
      rememberable: sql<number>`exists (select 1 from ${calls} where ${rememberedCalls(phoneNumbers.organizationId, sql.placeholder("memorySince"))})`,
      ownOpenAiKey: sql<number>`exists (select 1 from ${integrations} where ${integrations.organizationId} = ${phoneNumbers.organizationId} and ${integrations.provider} = 'openai' and ${integrations.testStatus} = 'success')`,
    })
    .from(phoneNumbers)
    .innerJoin(organizations, eq(organizations.id, phoneNumbers.organizationId))
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, phoneNumbers.organizationId))
    .leftJoin(subscriptions, eq(subscriptions.organizationId, phoneNumbers.organizationId))
    // The assigned agent comes with the number (and only from its organization).
    .leftJoin(agents, and(eq(agents.id, phoneNumbers.assignedAgentId), eq(agents.organizationId, phoneNumbers.organizationId)))
    .leftJoin(
      testRuns,
      and(eq(testRuns.callSid, sql.placeholder("callSid")), eq(testRuns.organizationId, phoneNumbers.organizationId), eq(testRuns.status, "running")),
    )
    .where(and(eq(phoneNumbers.twilioNumber, sql.placeholder("number")), sql`${phoneNumbers.twilioAccountSid} is ${sql.placeholder("account")}`))
    .prepare(),
);

/**
 * Who answers a call to `number`: its organization, assigned agent, call settings, spend limits, (given the call's
 * sid) its Test Suite run and (given the caller) their recent calls, whether they are remembered and the agent's
 * knowledge; null for a number we do not hold, or one that the
 * account which signed the webhook does not hold. One round trip while the caller hears ringing.
 */
export async function callContextFor(
  db: Database,
  number: string,
  account: SigningAccount,
  callSid?: string,
  caller?: string,
  now = new Date(),
): Promise<CallContext | null> {
  const [row] = await contextQuery(db).all({
    number,
    account: account.accountSid,
    callSid: callSid ?? "",
    // No caller given: `= null` matches no row.
    caller: caller ?? null,
    since: now.getTime() - REPEAT_CALL_WINDOW_MINUTES * 60_000,
    memorySince: memorySince(now),
  });
  if (!row) return null;
  const agent = row.agent;
  return {
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    agent: agent ?? null,
    numberAssigned: Boolean(row.assignedAgentId) && row.numberStatus === "active",
    recordCalls: row.settings?.recordCalls ?? true,
    recordAnnounce: row.settings?.recordAnnounce ?? true,
    liveListening: row.settings?.liveListening ?? false,
    maxCallSeconds: row.settings?.maxCallSeconds ?? 900,
    bridgeWsUrl: row.settings?.bridgeWsUrl ?? null,
    piiRedaction: row.settings?.piiRedaction ?? true,
    postCallSms: row.settings?.postCallSms ?? false,
    allowedCountries: row.settings ? jsonList(row.settings.allowedCountries) : [...SETTINGS_DEFAULTS.allowedCountries],
    blockedNumbers: row.settings ? jsonList(row.settings.blockedNumbers) : [],
    limits: spendLimitsOf(row.trialEndsAt, row.subscription, row.settings?.dailySpendCapUsd),
    ownOpenAiKey: Boolean(row.ownOpenAiKey),
    testRun: callSid && row.testRun ? row.testRun : null,
    earlierCalls: Number(row.earlierCalls),
    dashboardsOpen: dashboardsOpen(row.settings?.liveDashboards),
    knowledge: row.knowledge === null || !agent ? null : knowledgeOfColumn(row.knowledge),
    rememberable: Boolean(row.rememberable),
  };
}

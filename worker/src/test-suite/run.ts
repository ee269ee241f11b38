/**
 * One Test Suite run, step by step (spec 001 §9): the organization's number rings through the real webhook, the real
 * call session talks to the configured realtime model, the caller's lines are spoken into the stream, and the real
 * post-call pipeline stores transcript, summary and entities. The verdict is read from what was stored.
 */
import {
  COUGH_SCENARIO_AFTER_MS,
  type RecordedSlot,
  SUITE_CALL_SECONDS,
  TEST_SUITE_MESSAGES,
  type SuiteCallFacts,
  type TestStep,
  type TestStepStatus,
  checksOfRun,
  testVerdict,
} from "@nikki/core";
import { asc, eq } from "drizzle-orm";
import { calls, organizations, testRunEffects, testRuns, users } from "../db/schema";
import { ownTwilioAccount } from "../services/integrations/store";
import type { Services } from "../services";
import { wavToUlaw } from "@nikki/core/mulaw";
import { coughSound } from "@nikki/core/caller-sounds";
import { testNumberOf } from "./test-number";
import { type SyntheticCallOptions, SyntheticStream, completed, ring } from "./synthetic-caller";

/** The synthetic caller's voice (not one an agent is likely to use, so the two sides sound apart). */
const CALLER_VOICE = "ash";
const TEST_CALLER_NUMBER = "+15005550006";
const TURN_TIMEOUT_MS = 20_000;

/** The run's steps, written to its row each time one changes (the page polls them). */
class StepLog {
  readonly steps: TestStep[] = [];
  constructor(
    private readonly services: Services,
    private readonly runId: string,
  ) {}

  async start(key: string, label: string) {
    this.steps.push({ key, label, status: "running", detail: null });
    await this.save();
  }

  async end(status: Exclude<TestStepStatus, "running">, detail: string) {
    const step = this.steps.findLast((candidate) => candidate.status === "running");
    if (step) Object.assign(step, { status, detail });
    await this.save();
  }

  private save() {
    return this.services.db
      .update(testRuns)
      .set({ steps: JSON.stringify(this.steps) })
      .where(eq(testRuns.id, this.runId));
  }
}

class StepFailed extends Error {}

export interface SuiteCallDeps {
  services: Services;
  /** The app, in-process: the webhook and the stream are the product's own routes. */
  fetch(request: Request): Promise<Response>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runSuiteCall(deps: SuiteCallDeps, runId: string): Promise<void> {
  const { db } = deps.services;
  const [run] = await db.select().from(testRuns).where(eq(testRuns.id, runId));
  if (!run || run.status !== "running") return;
  const steps = new StepLog(deps.services, runId);
  let verdict: { passed: boolean; reason: string };
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StepFailed(TEST_SUITE_MESSAGES.timedOut)), SUITE_CALL_SECONDS * 1000);
    });
    verdict = await Promise.race([callAndCheck(deps, run, steps), timeout]);
  } catch (error) {
    const reason = error instanceof StepFailed ? error.message : `Something went wrong: ${error instanceof Error ? error.message : String(error)}`;
    if (steps.steps.some((step) => step.status === "running")) await steps.end("error", reason);
    verdict = { passed: false, reason };
  } finally {
    clearTimeout(timer);
  }
  await db
    .update(testRuns)
    .set({ status: verdict.passed ? "passed" : "failed", verdict: verdict.reason, finishedAt: new Date() })
    .where(eq(testRuns.id, runId));
}

async function fail(steps: StepLog, reason: string): Promise<never> {
  await steps.end("error", reason);
  throw new StepFailed(reason);
}

async function callAndCheck(deps: SuiteCallDeps, run: typeof testRuns.$inferSelect, steps: StepLog) {
  const { db, config } = deps.services;
  const organizationId = run.organizationId;

  await steps.start("account", "Check your account");
  const [who] = run.createdBy ? await db.select({ email: users.email }).from(users).where(eq(users.id, run.createdBy)) : [];
  if (!who) await fail(steps, TEST_SUITE_MESSAGES.notAuthenticated);
  const [organization] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId));
  if (!organization) await fail(steps, TEST_SUITE_MESSAGES.noOrganization);
  await steps.end("success", `${who!.email} · ${organization!.name}`);

  await steps.start("number", "Find your number");
  const number = await testNumberOf(db, organizationId);
  if (!number) return fail(steps, TEST_SUITE_MESSAGES.noNumber);
  const own = number.accountSid ? await ownTwilioAccount(db, config, number.accountSid) : null;
  const signing = own?.organizationId === organizationId ? { accountSid: number.accountSid!, authToken: own.authToken } : null;
  const accountSid = signing?.accountSid ?? config.TWILIO_ACCOUNT_SID;
  const authToken = signing?.authToken ?? config.TWILIO_AUTH_TOKEN;
  if (!accountSid || !authToken || !config.publicOrigin) return fail(steps, "Twilio is not configured: add your Twilio account in Integrations.");
  await steps.end("success", `${number.number}, answered by ${number.agent}`);

  await steps.start("voice", "Give the caller a voice");
  const lines = JSON.parse(run.lines) as string[];
  const { openai } = await deps.services.providersFor(organizationId);
  if (!openai) return fail(steps, "OpenAI is not configured: add your OpenAI key in Integrations.");
  const audio: Uint8Array[] = [];
  for (const line of lines) {
    const speech = await openai
      .speech({ voice: CALLER_VOICE, input: line, format: "wav" })
      .catch((error: unknown) => fail(steps, `Text to speech failed: ${String(error)}`));
    audio.push(wavToUlaw(speech.audio));
  }
  await steps.end(
    "success",
    `${lines.length} line${lines.length === 1 ? "" : "s"}, ${Math.round(audio.reduce((sum, clip) => sum + clip.length, 0) / 800) / 10} s of speech`,
  );

  const options: SyntheticCallOptions = {
    fetch: deps.fetch,
    origin: config.publicOrigin,
    accountSid,
    authToken,
    callSid: run.callSid,
    from: TEST_CALLER_NUMBER,
    to: number.number,
  };
  await steps.start("ring", "Ring your number");
  const answer = await ring(options);
  if (!answer.ok) return fail(steps, answer.reason);
  await steps.end("success", `Answered in ${answer.ms} ms with TwiML that connects the call`);

  await steps.start("connect", "Connect the call");
  const stream = await SyntheticStream.open(options, answer.streamUrl, answer.parameters).catch((error: unknown) => fail(steps, String(error)));
  try {
    const greeting = await stream.firstAudio(TURN_TIMEOUT_MS);
    if (greeting === null) await fail(steps, `${number.agent} did not greet the caller.`);
    await steps.end("success", `${number.agent} greeted the caller ${greeting} ms after the stream started`);
    for (const [index, line] of lines.entries()) {
      await steps.start(`line-${index + 1}`, `Caller: “${line}”`);
      // The cough scenario's caller coughs over the answer to their last line.
      const cough = run.scenario === "cough" && index === lines.length - 1;
      const gap = await stream.say(audio[index]!, TURN_TIMEOUT_MS, cough ? { sound: coughSound(), afterMs: COUGH_SCENARIO_AFTER_MS } : undefined);
      if (gap === null) await fail(steps, `${number.agent} did not answer.`);
      const coughed = cough ? `; the caller coughed ${COUGH_SCENARIO_AFTER_MS} ms into the answer` : "";
      await steps.end("success", `${number.agent} answered ${gap} ms after the caller stopped${coughed}`);
    }
  } finally {
    stream.hangUp();
  }
  await steps.start("hangup", "Hang up");
  await completed(options, stream.seconds);
  await steps.end("success", `The call lasted ${stream.seconds} s`);

  await steps.start("analysis", "Transcript, summary and details");
  const call = await analysed(deps.services, run.callSid);
  if (!call) return fail(steps, "The call was not recorded.");
  const entities = call.entities ? (JSON.parse(call.entities) as Record<string, string>) : {};
  const shown = Object.entries(entities)
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}: ${value}`)
    .join(", ");
  if (call.processingStatus === "processed") await steps.end("success", `${call.summary ?? ""}${shown ? ` (${shown})` : ""}`);
  else await steps.end("error", call.processingError ?? "The analysis did not finish.");

  const effects = await db.select().from(testRunEffects).where(eq(testRunEffects.callId, call.id)).orderBy(asc(testRunEffects.createdAt));
  await steps.start("crm", "Push to CRM");
  const crm = effects.filter((effect) => effect.kind === "crm");
  const noCrm = crm.length === 0 || crm.every((effect) => effect.detail.startsWith(TEST_SUITE_MESSAGES.noCrm));
  await steps.end(noCrm ? "warning" : "success", noCrm ? TEST_SUITE_MESSAGES.noCrm : `${crm.map((effect) => effect.detail).join(" ")} (recorded, not sent)`);
  await steps.start("effects", "Texts, bookings and alerts");
  const others = effects.filter((effect) => effect.kind !== "crm");
  await steps.end("success", others.length ? `${others.map((effect) => effect.detail).join(" ")} (recorded, not sent)` : "Nothing else would have been sent.");

  await steps.start("verdict", "Check the result");
  const facts: SuiteCallFacts = {
    agentName: number.agent,
    processingStatus: call.processingStatus,
    processingError: call.processingError,
    afterHours: call.afterHours,
    entities,
    ...latencyFacts(call.metrics),
    transcript: call.transcript ? (JSON.parse(call.transcript) as SuiteCallFacts["transcript"]) : [],
    ...recordedTimes(effects),
    language: call.language,
    texts: textsTo(effects),
    hours: { hoursJson: number.hoursJson, timeZone: number.timeZone },
  };
  const verdict = testVerdict(checksOfRun(run.scenario, run.expect, run.phrase), facts);
  await steps.end(verdict.passed ? "success" : "error", verdict.passed ? verdict.reason : `${TEST_SUITE_MESSAGES.failed}: ${verdict.reason}`);
  return verdict;
}

/** The tools the call ran and how often the caller cut the agent off, from its latency figures. */
function latencyFacts(stored: string | null): Pick<SuiteCallFacts, "tools" | "bargeIns"> {
  const metrics = stored ? (JSON.parse(stored) as { tools?: SuiteCallFacts["tools"]; barge_ins?: number }) : {};
  return { tools: metrics.tools ?? [], bargeIns: metrics.barge_ins ?? 0 };
}

/** The times check_availability offered and the one book_appointment validated, from the effects they recorded. */
function recordedTimes(effects: (typeof testRunEffects.$inferSelect)[]): Pick<SuiteCallFacts, "offered" | "booked"> {
  const data = (kind: string) => effects.filter((effect) => effect.kind === kind && effect.data).map((effect) => JSON.parse(effect.data!) as unknown);
  const offered = data("availability").flatMap((entry) => (entry as { slots?: RecordedSlot[] }).slots ?? []);
  const booked = (data("booking").findLast((entry) => typeof (entry as RecordedSlot).start === "string") as RecordedSlot | undefined) ?? null;
  return { offered, booked };
}

/** What the call would have texted the caller (its booking's confirmation, the follow-up), as the effects recorded it. */
function textsTo(effects: (typeof testRunEffects.$inferSelect)[]): string[] {
  return effects
    .filter((effect) => (effect.kind === "sms" || effect.kind === "follow_up_sms") && effect.data)
    .flatMap((effect) => {
      const body = (JSON.parse(effect.data!) as { body?: unknown }).body;
      return typeof body === "string" ? [body] : [];
    });
}

/** The stored call once the post-call pipeline is done with it: 1 s before analysis starts, then checked every second (spec 001 §9). */
async function analysed(services: Services, callSid: string) {
  await pause(1_000);
  let call: typeof calls.$inferSelect | undefined;
  for (let check = 0; check < 60; check++) {
    await pause(1_000);
    [call] = await services.db.select().from(calls).where(eq(calls.callSid, callSid));
    if (!call || (call.transcript !== null && call.processingStatus !== "pending")) break;
  }
  return call ?? null;
}

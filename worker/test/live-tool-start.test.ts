/**
 * Issue 56, Watch: what the agent does shows as it starts. A Test Suite run whose booking system is slow (slow_tool:
 * each tool held 3 s) is watched live; "Looking up free times…" reaches the watcher's socket when the agent asks for
 * the times, seconds before the times found do, not with them.
 */
import { type LiveCallMessage, type LiveEvent, type TestRunResource, toolDoing } from "@nikki/core";
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call } from "./accounts";
import { BASE } from "./post-json";
import { businessOnNumber, finishedRun } from "./test-suite-runs";
import { until } from "./twilio";

let owner: SignedUp;

beforeAll(async () => {
  owner = await businessOnNumber("Watched Booking Plumbing", "+14155550163");
});

/** The agent's actions as the live view's socket brings them, each with when it arrived. */
async function watchedEvents(callId: string) {
  const response = await SELF.fetch(`${BASE}/api/calls/${callId}/live`, { headers: { upgrade: "websocket", cookie: owner.cookie, origin: BASE } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const events: { at: number; event: LiveEvent }[] = [];
  socket.accept();
  socket.addEventListener("message", (message) => {
    const parsed = JSON.parse(String(message.data)) as LiveCallMessage;
    if (parsed.type === "event" && parsed.event.kind === "agent") events.push({ at: Date.now(), event: parsed.event });
  });
  return events;
}

describe("an action watched live", { timeout: 90_000 }, () => {
  it("shows its start as the agent asks for it, before its result", async () => {
    const started = await call("/api/test-suite/runs", { cookie: owner.cookie, body: { scenario: "slow_tool" } });
    expect(started.status).toBe(202);
    const runId = ((await started.json()) as { test_run: TestRunResource }).test_run.id;
    const callId = await until(async () => {
      const { test_run } = (await (await call(`/api/test-suite/runs/${runId}`, { cookie: owner.cookie })).json()) as { test_run: TestRunResource };
      return test_run.call_id;
    }, 20_000);
    const events = await watchedEvents(callId);
    expect((await finishedRun(owner, runId)).status).toBe("passed");
    const start = events.find(({ event }) => event.text === toolDoing("check_availability"));
    expect(start, JSON.stringify(events.map(({ event }) => event.text))).toBeDefined();
    const result = events[events.indexOf(start!) + 1];
    expect(result?.event.text).toMatch(/free times/i);
    // The tool took 3 s: its start was on the owner's screen for about that long before its result came.
    expect(result!.at - start!.at).toBeGreaterThan(2_000);
  });
});

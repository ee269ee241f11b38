import type { CallDetailResource, OverviewResource } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call, signUp } from "./accounts";

/** A call's latency as the bridge stores it (call/call-metrics.ts), with its turns voice to voice. */
const MEASURED = {
  greeting_ms: 1,
  turn_gaps_ms: [420, 700],
  turn_gap_p50_ms: 420,
  turn_gap_p95_ms: 700,
  turns: [
    { at_ms: 4_200, voice_to_voice_ms: 640, model_ms: 628, product_ms: 12 },
    { at_ms: 9_800, voice_to_voice_ms: 910, model_ms: 905, product_ms: 5 },
  ],
  voice_to_voice_p50_ms: 640,
  voice_to_voice_p90_ms: 910,
  product_p95_ms: 12,
  barge_ins: 0,
  tools: [],
};
/** One stored before voice to voice was measured. */
const OLDER = { greeting_ms: 300, turn_gaps_ms: [500], turn_gap_p50_ms: 500, turn_gap_p95_ms: 500, barge_ins: 1, tools: [] };

let owner: SignedUp;
const ids = { measured: crypto.randomUUID(), older: crypto.randomUUID(), third: crypto.randomUUID() };

beforeAll(async () => {
  owner = await signUp({ company: "Latency Locksmiths" });
  const insert = (id: string, metrics: object) =>
    env.DB.prepare(
      "insert into calls (id, call_sid, organization_id, from_number, to_number, status, metrics, processing_status) values (?, ?, ?, '+14155550142', '+14155550100', 'completed', ?, 'processed')",
    )
      .bind(id, `CA${id.replaceAll("-", "")}`, owner.organizationId, JSON.stringify(metrics))
      .run();
  await insert(ids.measured, MEASURED);
  await insert(ids.older, OLDER);
  await insert(ids.third, { ...MEASURED, turns: [{ at_ms: 3_000, voice_to_voice_ms: 1_500, model_ms: 1_480, product_ms: 20 }] });
});

const read = async <T>(path: string): Promise<T> => {
  const response = await call(path, { cookie: owner.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};

describe("a call's response time, voice to voice (GET /api/calls/:id, GET /api/overview)", () => {
  it("the call detail's latency has each turn and its p50/p90, and the product's p95, beside the turn gaps", async () => {
    const { call: detail } = await read<{ call: CallDetailResource }>(`/api/calls/${ids.measured}`);
    expect(detail.latency).toEqual(MEASURED);
  });

  it("a call stored before turns were timed reads as none timed, its other figures as they were", async () => {
    const { call: detail } = await read<{ call: CallDetailResource }>(`/api/calls/${ids.older}`);
    expect(detail.latency).toEqual({ ...OLDER, turns: [], voice_to_voice_p50_ms: null, voice_to_voice_p90_ms: null, product_p95_ms: null });
  });

  it("Overview pools the week's answered turns: p50 and p90 over every call's", async () => {
    const { overview } = await read<{ overview: OverviewResource }>("/api/overview");
    // 640, 910 and 1,500 ms: nearest rank.
    expect(overview).toMatchObject({ voice_to_voice_p50_ms: 910, voice_to_voice_p90_ms: 1_500 });
  });
});

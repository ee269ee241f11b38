import { NO_LATENCY } from "@nikki/core";
import { describe, expect, it } from "vitest";
import type { LiveBatch } from "../../call/live";
import { LiveFeed } from "./feed";

/** A CallSession's feed on a storage of the test's making, with no watcher's socket open. */
function feed() {
  const stored = new Map<string, unknown>();
  const storage = { get: async (key: string) => stored.get(key), put: async (key: string, value: unknown) => void stored.set(key, value) };
  const ctx = { acceptWebSocket: () => undefined, getWebSockets: () => [] };
  return new LiveFeed(ctx as unknown as DurableObjectState, storage as unknown as DurableObjectStorage);
}

const batch = (first_turn: number, voice_to_voice_ms: number[], segment = 1): LiveBatch => ({
  first: 0,
  lines: [],
  done_at: [],
  latency: { greeting_ms: 3, first_turn, voice_to_voice_ms },
  ...(segment > 1 ? { segment } : {}),
});

describe("a live call's response time in its CallSession", () => {
  it("puts each turn's figure in its place (a batch that overtook another too) and takes p50 and p90 as the stored call does", async () => {
    const live = feed();
    expect((await live.view(0)).latency).toEqual(NO_LATENCY);
    await live.lines(batch(0, [611]));
    expect((await live.view(0)).latency).toEqual({ greeting_ms: 3, turns: 1, last_ms: 611, voice_to_voice_p50_ms: 611, voice_to_voice_p90_ms: 611 });
    await live.lines(batch(2, [900, 480]));
    await live.lines(batch(1, [502]));
    // 480, 502, 611, 900 by nearest rank: p50 the 2nd, p90 the 4th.
    expect((await live.view(0)).latency).toEqual({ greeting_ms: 3, turns: 4, last_ms: 480, voice_to_voice_p50_ms: 502, voice_to_voice_p90_ms: 900 });
  });

  it("a lost batch's turns are missing, the others count; after a transfer the first stream's figures stay, as the stored call's do", async () => {
    const live = feed();
    await live.lines(batch(0, [700]));
    await live.lines(batch(2, [450]));
    expect((await live.view(0)).latency).toMatchObject({ turns: 2, last_ms: 450, voice_to_voice_p50_ms: 450, voice_to_voice_p90_ms: 700 });
    await live.lines(batch(0, [90, 95], 2));
    expect((await live.view(0)).latency).toMatchObject({ turns: 2, last_ms: 450 });
  });
});

describe("what the agent does, in a live call's feed", () => {
  it("an action's end takes the place and id of its “…” line, for watchers who open the view later too", async () => {
    const live = feed();
    const looking = await live.event("agent", "Looking up free times…");
    const saving = await live.event("agent", "Saving the caller as a lead…");
    await live.event("agent", "Looked up free times", undefined, looking);
    await live.event("owner_note", "Offer Tuesday");
    await live.event("agent", "Saved the caller as a lead", undefined, saving);
    const { events } = await live.view(0);
    expect(events.map(({ id, text }) => ({ id, text }))).toEqual([
      { id: looking, text: "Looked up free times" },
      { id: saving, text: "Saved the caller as a lead" },
      { id: "3", text: "Offer Tuesday" },
    ]);
  });
});

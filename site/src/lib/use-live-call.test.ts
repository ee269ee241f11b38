import { type LiveCallView, type LiveEvent, NO_LATENCY } from "@nikki/core";
import { describe, expect, it } from "vitest";
import { applyLiveMessage } from "./use-live-call";

const event = (id: string, text: string): LiveEvent => ({ id, kind: "agent", text, at: "2026-12-07T20:00:00.000Z" });
const view = (events: LiveEvent[]): LiveCallView => ({ transcript: [], events, latency: NO_LATENCY, listeners: 0, state: "talking", with: null });

describe("the live view's events as the socket sends them", () => {
  it("puts an action's end in the place of its “…” line, and a new event last", () => {
    const start = view([event("1", "Looking up free times…"), event("2", "Saving the caller as a lead…")]);
    const done = applyLiveMessage(start, { type: "event", event: event("1", "Looked up free times") });
    const next = applyLiveMessage(done, { type: "event", event: event("3", "Booked Tuesday") });
    expect(next?.events.map((kept) => kept.text)).toEqual(["Looked up free times", "Saving the caller as a lead…", "Booked Tuesday"]);
  });
});

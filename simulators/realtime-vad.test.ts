import { describe, expect, it } from "vitest";
import { SimulatedVad } from "./realtime-vad";

const frame = (loud: boolean) => Buffer.alloc(160, loud ? 0x10 : 0xff);

describe("the simulated server VAD's offsets", () => {
  it("are the milliseconds of input audio it received: the start less 300 ms of padding, the end after 500 ms of silence", () => {
    const vad = new SimulatedVad();
    const events = [];
    // 1 s of silence, 400 ms of speech, then silence.
    for (let i = 0; i < 50; i++) events.push(vad.append(frame(false), null));
    for (let i = 0; i < 20; i++) events.push(vad.append(frame(true), `1:${i}`));
    for (let i = 0; i < 30; i++) events.push(vad.append(frame(false), null));
    const heard = events.filter((event) => event !== null);
    expect(heard.map((event) => [event.kind, event.itemId, event.kind === "started" ? event.audioStartMs : event.audioEndMs])).toEqual([
      ["started", "item_user_1", 700],
      ["stopped", "item_user_1", 1_900],
    ]);
    expect(heard[1]).toMatchObject({ loudMs: 400 });
    expect(vad.lastLoudKey).toBe("1:19");
  });
});

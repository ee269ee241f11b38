import { describe, expect, it } from "vitest";
import { LATENCY_COPY, durationText, liveResponseTime, typicalTurn } from "./latency-copy";
import { NO_LATENCY } from "./live-calls";

const turn = (voice_to_voice_ms: number, product_ms = 5) => ({ at_ms: 0, voice_to_voice_ms, model_ms: voice_to_voice_ms - product_ms, product_ms });

describe("a call's latency, in words", () => {
  it("times under a second in milliseconds, longer ones in seconds, none as a dash", () => {
    expect([durationText(1), durationText(640), durationText(1_250), durationText(null)]).toEqual(["1 ms", "640 ms", "1.25 s", "—"]);
    expect(LATENCY_COPY.greeted(1)).toBe("Greeted 1 ms after answering");
    expect(LATENCY_COPY.greeted(0)).toBe("Greeted the moment the call connected");
    expect([0, 0.4, 1, 640, null].map(LATENCY_COPY.averageGreeted)).toEqual(["under 1 ms", "under 1 ms", "1 ms", "640 ms", "—"]);
    expect(LATENCY_COPY.response(640, 910)).toBe("640 ms typical, 910 ms slowest");
  });

  it("the typical answer is the median's, as the call's p50 is", () => {
    expect(typicalTurn([])).toBeNull();
    expect(typicalTurn([turn(910), turn(640, 12), turn(700)])).toEqual(turn(700));
    expect(typicalTurn([turn(910), turn(640, 12)])).toEqual(turn(640, 12));
    expect(LATENCY_COPY.share(turn(640, 12))).toBe("A typical answer: 628 ms for the AI model to start speaking, then 12 ms for Nikki AI to pass it on.");
  });

  it("a live call's response time so far says the detail's figures, and the latest answer's", () => {
    expect(liveResponseTime(NO_LATENCY)).toBe("No answer timed yet");
    expect(liveResponseTime({ greeting_ms: 0, turns: 3, last_ms: 459, voice_to_voice_p50_ms: 502, voice_to_voice_p90_ms: 808 })).toBe(
      `${LATENCY_COPY.response(502, 808)} · last answer 459 ms`,
    );
    expect(LATENCY_COPY.response(502, 808)).toBe("502 ms typical, 808 ms slowest");
  });
});

import { describe, expect, it } from "vitest";
import { bridgeHealthUrl } from "./probes";

describe("bridgeHealthUrl", () => {
  it("switches the scheme and drops a /stream/twilio path, by the spec's rule", () => {
    expect(bridgeHealthUrl("wss://nikki.example/twilio/stream")).toBe("https://nikki.example/twilio/stream");
    expect(bridgeHealthUrl("wss://bridge.example.com/stream/twilio")).toBe("https://bridge.example.com");
    expect(bridgeHealthUrl("ws://localhost:8787/twilio/stream")).toBe("http://localhost:8787/twilio/stream");
  });
});

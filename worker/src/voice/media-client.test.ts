import { describe, expect, it } from "vitest";
import { mediaPlane } from "./media-client";
import type { MediaPlan } from "../call/plan";
import { verifiedPlaneBody } from "../call/plane-auth";

const SECRET = "media-client-test-secret-0123456789";
const PLAN = { callId: "call" } as MediaPlan;

/** A service binding that loses the connection on its first `failures` requests, then lets signed plans through. */
function binding(failures: number) {
  const received: object[] = [];
  const fetcher = {
    fetch: async (request: Request) => {
      if (failures-- > 0) throw new Error("Network connection lost.");
      received.push((await verifiedPlaneBody<object>(SECRET, request)) ?? {});
      return Response.json({ greeting: false });
    },
  } as unknown as Fetcher;
  return { fetcher, received };
}

describe("the control plane's client of the media plane", () => {
  it("hands a plan over again when the connection is lost on the way, once", async () => {
    const once = binding(1);
    await mediaPlane(once.fetcher, SECRET).prepare("CA0123", PLAN);
    expect(once.received).toEqual([PLAN]);

    const twice = binding(2);
    await expect(mediaPlane(twice.fetcher, SECRET).prepare("CA0123", PLAN)).rejects.toThrow("Network connection lost.");
    expect(twice.received).toEqual([]);
  });
});

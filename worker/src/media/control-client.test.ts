import { describe, expect, it } from "vitest";
import { controlPlane } from "./control-client";
import type { MediaPlan } from "../call/plan";
import { verifiedPlaneBody } from "../call/plane-auth";

const SECRET = "control-client-test-secret-0123456789";
const PLAN = { callId: "call" } as MediaPlan;
const REQUEST = { signature: "signed" };

/** A service binding that loses the connection on its first `failures` requests, then answers signed asks with the plan. */
function binding(failures: number) {
  const received: object[] = [];
  const fetcher = {
    fetch: async (request: Request) => {
      if (failures-- > 0) throw new Error("Network connection lost.");
      received.push((await verifiedPlaneBody<object>(SECRET, request)) ?? {});
      return Response.json({ plan: PLAN });
    },
  } as unknown as Fetcher;
  return { fetcher, received };
}

describe("the media plane's client of the control plane", () => {
  it("asks for a stream's plan again when the connection is lost on the way, once", async () => {
    const once = binding(1);
    expect(await controlPlane(once.fetcher, SECRET).plan("CA0123", REQUEST)).toEqual(PLAN);
    expect(once.received).toEqual([REQUEST]);

    const twice = binding(2);
    await expect(controlPlane(twice.fetcher, SECRET).plan("CA0123", REQUEST)).rejects.toThrow("Network connection lost.");
    expect(twice.received).toEqual([]);
  });
});

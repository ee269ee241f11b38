import { describe, expect, it } from "vitest";
import { type Envelope, postJson } from "../../../test/post-json";

describe("POST /api/telemetry/not-found", () => {
  it("accepts a report of an unknown path", async () => {
    const res = await postJson("/api/telemetry/not-found", { path: "/no-such-page" });
    expect(res.status).toBe(204);
  });

  it("refuses a report without a path", async () => {
    const res = await postJson("/api/telemetry/not-found", { path: "" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Envelope).error.code).toBe("validation_failed");
  });
});

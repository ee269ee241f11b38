import { describe, expect, it } from "vitest";
import { parseFields } from "./account";
import { PAGE_MARKER_MESSAGE, decodePageMarker, encodePageMarker, pageMarkerSchema } from "./page-marker";
import * as z from "zod/mini";

describe("page markers", () => {
  it("carry the last row's time and id both ways", () => {
    const marker = encodePageMarker(1_764_000_000_000, "7751e5d2-adff-419d-a799-502f45f22c98");
    expect(decodePageMarker(marker)).toEqual({ createdAtMs: 1_764_000_000_000, id: "7751e5d2-adff-419d-a799-502f45f22c98" });
  });

  it.each(["", "abc", "12.", ".id", "12.id;drop", "1.2.3", `${"9".repeat(16)}.id`, "MTc2NDAwMHxpZA"])(
    "refuse %j at the edge with the field's message",
    (cursor) => {
      expect(decodePageMarker(cursor)).toBeNull();
      expect(parseFields(z.strictObject({ cursor: pageMarkerSchema }), { cursor })).toEqual({ ok: false, fields: { cursor: PAGE_MARKER_MESSAGE } });
    },
  );
});

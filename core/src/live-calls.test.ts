import { describe, expect, it } from "vitest";
import { endCallLine, liveNoteSchema, liveStateLabel, takeOverLine, takeOverSchema } from "./live-calls";
import { toolDoing, toolOutcome } from "./tool-actions";

describe("a live call in words", () => {
  it("says where the call is, naming whom it is with when known", () => {
    expect(liveStateLabel("answering", "Grace", null)).toBe("Grace is picking up…");
    expect(liveStateLabel("talking", "Grace", null)).toBe("Talking with Grace");
    expect(liveStateLabel("ringing", "Grace", "Ada")).toBe("Ringing Ada…");
    expect(liveStateLabel("connected", "Grace", "+1 512 555 0101")).toBe("Connected to +1 512 555 0101");
    expect(liveStateLabel("ringing", "Grace", null)).toBe("Ringing a phone for a transfer…");
  });

  it("tells what the agent does as it happens, and a booking with its time and code", () => {
    expect(toolDoing("check_availability")).toBe("Looking up free times…");
    expect(toolDoing("some_new_tool")).toBe("Using some new tool…");
    expect(toolOutcome("book_appointment", { ok: true, booked_for: "Tuesday, December 8 at 9:00 AM", confirmation_code: "KQBS2J" })).toBe(
      "Booked Tuesday, December 8 at 9:00 AM · code KQBS2J",
    );
    expect(toolOutcome("book_appointment", { ok: false })).toBe("Could not book the appointment");
  });

  it("puts the caller through in their language, and checks a note and a phone at the edge", () => {
    expect(takeOverLine("es-MX", "Ada")).toBe("Un momento, le paso con Ada.");
    expect(takeOverLine(null, "Ada")).toBe("One moment, I'll put you through to Ada.");
    expect(endCallLine("es")).toBe("Gracias por llamar. ¡Adiós!");
    expect(endCallLine("de-DE")).toBe("Vielen Dank für Ihren Anruf. Auf Wiederhören!");
    expect(endCallLine(null)).toBe("Thank you for calling. Goodbye!");
    expect(liveNoteSchema.safeParse({ text: "  Offer the discount " }).data).toEqual({ text: "Offer the discount" });
    expect(liveNoteSchema.safeParse({ text: "   " }).success).toBe(false);
    expect(liveNoteSchema.safeParse({ text: "x".repeat(501) }).success).toBe(false);
    expect(takeOverSchema.safeParse({ number: "5125550101" }).success).toBe(false);
    expect(takeOverSchema.safeParse({}).success).toBe(true);
  });
});

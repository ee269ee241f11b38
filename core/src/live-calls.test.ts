import { describe, expect, it } from "vitest";
import { OWNER_ACTION_WORDS, endCallLine, liveNoteSchema, liveStateLabel, takeOverLine, takeOverSchema, takeOverSchemaIn } from "./live-calls";
import { listenStopped } from "./live-listen";
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
    expect(takeOverSchema.safeParse({ number: "(512) 555-0101", save_to_profile: true }).data).toEqual({ number: "+15125550101", save_to_profile: true });
    expect(takeOverSchemaIn("GB").safeParse({ number: "020 7946 0958" }).data).toEqual({ number: "+442079460958" });
    expect(takeOverSchema.safeParse({ number: "call me" }).success).toBe(false);
    expect(takeOverSchema.safeParse({}).success).toBe(true);
    expect(OWNER_ACTION_WORDS.takeOverFollows("+14155550123", true)).toBe("Put the caller through to you? We'll ring +1 415-555-0123 (your phone).");
    expect(OWNER_ACTION_WORDS.takeOverFollows("+14155550124", false)).toBe("Put the caller through to you? We'll ring +1 415-555-0124.");
  });

  it("says why Listen is stopped while the caller is put through (the stream is over), and lets it start with the agent", () => {
    expect(listenStopped("ringing", "Demo")).toBe("Listening stopped: the call is being put through to Demo.");
    expect(listenStopped("connected", "Demo")).toBe("Listening stopped: the call was put through to Demo.");
    expect(listenStopped("connected", null)).toBe("Listening stopped: the call was put through to a person.");
    expect(listenStopped("talking", null)).toBeNull();
    expect(listenStopped("answering", null)).toBeNull();
  });
});

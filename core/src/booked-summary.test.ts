import { describe, expect, it } from "vitest";
import { bookingsForAnalysis, summaryWithBookings } from "./booked-summary";

const cleaning = { service: "Cleaning", label: "Tuesday, March 5 at 8:00 AM" };

describe("summaryWithBookings: a summary's booked time is the booking's", () => {
  it("adds the booking's time when the summary does not state it, and nothing when it does", () => {
    expect(summaryWithBookings("Lucía called for an appointment tomorrow at 9.", [cleaning], "en")).toBe(
      "Lucía called for an appointment tomorrow at 9. Appointment booked for Tuesday, March 5 at 8:00 AM (Cleaning).",
    );
    const stated = "Lucía booked a cleaning for Tuesday, March 5 at 8:00 AM.";
    expect(summaryWithBookings(stated, [cleaning], "en")).toBe(stated);
    expect(summaryWithBookings("Nadie reservó.", [], "es")).toBe("Nadie reservó.");
  });

  it("writes it in the business's language, and leaves out the default service's name", () => {
    expect(summaryWithBookings("Lucía llamó.", [{ service: "Appointment", label: "martes 5 de marzo a las 8:00" }], "es")).toBe(
      "Lucía llamó. Cita reservada para el martes 5 de marzo a las 8:00.",
    );
  });
});

describe("bookingsForAnalysis: what the analysis is told", () => {
  it("lists each booking as stored, or says none was made", () => {
    expect(bookingsForAnalysis([cleaning])).toMatch(/as stored .*\n- Cleaning: Tuesday, March 5 at 8:00 AM$/);
    expect(bookingsForAnalysis([])).toBe("No appointment was booked on this call.");
  });
});

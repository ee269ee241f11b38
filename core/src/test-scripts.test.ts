import { describe, expect, it } from "vitest";
import { nextOpening, scriptedLines, serviceToAskFor } from "./test-scripts";

const WEEKDAYS_8_TO_5 = Object.fromEntries(["mon", "tue", "wed", "thu", "fri"].map((day) => [day, [{ open: "08:00", close: "17:00" }]]));
const dental = (now: string) => ({ services: ["Appointment", "Cleaning", "Checkup"], hours: WEEKDAYS_8_TO_5, timeZone: "America/Chicago", now: new Date(now) });

describe("scriptedLines: the Test Suite's callers, written from the business", () => {
  it("ask a dental practice for its first named service on its next opening, never for a plumber", () => {
    // Monday 5:08 AM in Chicago: tomorrow (Tuesday) opens at 8.
    const lines = scriptedLines(dental("2026-12-07T11:08:00Z"));
    expect(lines.appointment).toEqual([
      "Hello, my name is James Chen and my number is +1 415 555 0173.",
      "Can I book a Cleaning tomorrow at 8 am?",
      "Yes, the first time you offered works for me.",
    ]);
    expect(lines.spanish?.[0]).toBe("Hola, soy Lucía Fernández. Necesito una cita de Cleaning para mañana a las 8.");
    expect(lines.lead?.[0]).toBe("Hi, this is Maria Garcia. I'd like to find out more about a Cleaning.");
    expect(lines.after_hours?.[0]).toBe("Hi, this is Tom Baker, calling about a Cleaning. It's urgent: please have someone call me back as soon as you open.");
    expect(lines.slow_tool?.[0]).toMatch(/Can I book a Cleaning tomorrow at 8 am\?$/);
    expect(JSON.stringify(lines)).not.toMatch(/plumb|water heater|basement|drain/i);
  });

  it("name the weekday after a closed weekend, with the opening minutes, in both languages", () => {
    const late = { ...dental("2026-12-11T23:00:00Z"), hours: { ...WEEKDAYS_8_TO_5, mon: [{ open: "14:30", close: "18:00" }] } };
    expect(nextOpening(late)).toEqual({ date: "2026-12-14", inDays: 3, minutes: 870 });
    const lines = scriptedLines(late);
    expect(lines.appointment?.[1]).toBe("Can I book a Cleaning on Monday at 2:30 pm?");
    expect(lines.spanish?.[0]).toBe("Hola, soy Lucía Fernández. Necesito una cita de Cleaning para el lunes a las 14:30.");
  });

  it("ask for an appointment, or about the services, where the business named none of its own, and for the next open day without hours", () => {
    const lines = scriptedLines({ services: ["Appointment"], hours: {}, timeZone: "America/New_York", now: new Date("2026-12-07T11:00:00Z") });
    expect(lines.lead?.[0]).toBe("Hi, this is Maria Garcia. I'd like to find out more about your services.");
    expect(lines.after_hours?.[0]).toBe("Hi, this is Tom Baker. It's urgent: please have someone call me back as soon as you open.");
    expect(lines.appointment?.[1]).toBe("Can I book an appointment for the next day you're open?");
    expect(lines.spanish?.[0]).toBe("Hola, soy Lucía Fernández. Necesito una cita para el próximo día que abran.");
  });

  it("serviceToAskFor: the first service the business named itself, else the default", () => {
    expect(serviceToAskFor(["Appointment", "Implant consult"])).toBe("Implant consult");
    expect(serviceToAskFor([])).toBe("Appointment");
  });
});

import * as z from "zod/mini";
import { SETTINGS_MESSAGES } from "./settings";
import type { CallOutcome } from "./calls";

/** How pressing a call is, from the urgency the post-call analysis extracted (free text, any language). */
export type Urgency = "urgent" | "normal" | "low";

export const URGENCY_ORDER: readonly Urgency[] = ["urgent", "normal", "low"];

export const URGENCY_HEADINGS: Record<Urgency, string> = {
  urgent: "Urgent",
  normal: "Follow up today",
  low: "When you have a moment",
};

/** "not urgent" is low before "urgent" is urgent; anything unrecognised (or empty) is normal. */
export function urgencyOf(value: string | null | undefined): Urgency {
  const text = (value ?? "").toLowerCase();
  if (/\b(not urgent|no rush|low|none|whenever|no urgente|baja)\b/.test(text)) return "low";
  if (/\b(urgent|emergency|high|asap|immediate(ly)?|critical|urgente|emergencia|alta)\b/.test(text)) return "urgent";
  return "normal";
}

/** Which calls alert the business at once: a captured lead, a booking, or an urgent caller. */
export function alertReason(outcome: CallOutcome, urgency: Urgency): "lead" | "appointment" | "urgent" | null {
  if (urgency === "urgent") return "urgent";
  if (outcome === "appointment") return "appointment";
  if (outcome === "lead") return "lead";
  return null;
}

export const ALERT_SUBJECTS = {
  lead: "New lead",
  appointment: "New appointment booked",
  urgent: "Urgent call",
} as const;

/** `PUT /api/org/members/me/alerts`: a member's own choice to get call alerts by e-mail. */
export const callAlertsSchema = z.strictObject({ call_alerts: z.boolean(SETTINGS_MESSAGES.boolean) });

/** What the owner's e-mail says when the booked person moved or canceled on their manage page. */
export interface ManageChangeAlertInput {
  change: "rescheduled" | "canceled";
  /** The booked person's name and number (masked for a viewer). */
  name: string;
  phone: string;
  service: string;
  /** The appointment's time now (moved) or the time that was canceled, with its zone. */
  when: string;
  /** Before a move, the time it had, with its zone. */
  was: string | null;
  code: string;
  link: string;
}

export function manageChangeAlert(input: ManageChangeAlertInput): { subject: string; text: string } {
  const moved = input.change === "rescheduled";
  return {
    subject: `${moved ? "Appointment moved" : "Appointment canceled"}: ${input.name}`,
    text: [
      moved
        ? `${input.name} moved their appointment to ${input.when}, on the link we texted them.`
        : `${input.name} canceled their appointment on ${input.when}, on the link we texted them.`,
      moved && input.was ? `It was: ${input.was}` : "",
      `Service: ${input.service}`,
      `Phone: ${input.phone}`,
      `Confirmation code: ${input.code}`,
      `\nSee your appointments: ${input.link}`,
    ]
      .filter(Boolean)
      .join("\n"),
  };
}

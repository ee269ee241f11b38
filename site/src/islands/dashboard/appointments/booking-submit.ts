import { type AppointmentTextOutcome, type SlotResource, textNotSent } from "@nikki/core";
import { useState } from "react";
import type { ApiResult } from "../../../lib/client";
import type { ToastInput } from "../../../lib/toast";
import { useSubmit } from "../../../lib/use-submit";

/** What became of the text to the booked person, as a booking, a move or a cancellation answers it. */
export interface TextAnswer {
  text: AppointmentTextOutcome | null;
  /** Why it was not sent, in the product's words; null when it was (or none was due). */
  text_message: string | null;
}

const TOLD: Record<"booked" | "rescheduled" | "canceled", string> = {
  booked: "the time and a link to change it",
  rescheduled: "the new time",
  canceled: "that it is canceled",
};

/**
 * The toast after a change: whether the booked person was texted, in words that never claim a text that was not
 * sent ("Booked; the text was not sent: <the server's reason>").
 */
export function changeToast(change: keyof typeof TOLD, title: string, name: string, answer: TextAnswer): ToastInput {
  if (answer.text === "sent") return { title, description: `We texted ${name} ${TOLD[change]}.` };
  return { title, description: answer.text_message ? textNotSent(change, answer.text_message) : "No text was sent." };
}

/** A time the server refused because it was just taken: its words and the free times it offered instead. */
export interface Taken {
  message: string;
  alternatives: SlotResource[];
}

/**
 * The submit of a form that books a time (new appointment, reschedule): `useSubmit`, plus the server's answer to a
 * taken time (409 `slot_taken`), kept so the form can say it and offer the alternatives to pick.
 */
export function useBookingSubmit<Field extends string>() {
  const form = useSubmit<Field | "start">();
  const [taken, setTaken] = useState<Taken | null>(null);
  const [alert, setAlert] = useState("");

  async function send<T>(submission: {
    invalid: Partial<Record<Field | "start", string>>;
    request(): Promise<ApiResult<T>>;
    fallback: string;
    success(data: T): ToastInput;
  }) {
    setTaken(null);
    setAlert("");
    return form.submit({
      invalid: submission.invalid,
      request: async () => {
        const result = await submission.request();
        if (!result.ok && result.error?.code === "slot_taken") setTaken({ message: result.error.message, alternatives: result.error.alternatives ?? [] });
        return result;
      },
      failure: { show: setAlert, fallback: submission.fallback },
      success: submission.success,
    });
  }

  const reset = () => {
    form.setErrors({});
    setTaken(null);
    setAlert("");
  };
  return { pending: form.pending, errors: form.errors, taken, alert, send, reset };
}

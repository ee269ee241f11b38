import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";

/** Ports and credentials of the provider simulators the worker tests run against (started by global-setup.ts). */
export const SIMULATED = {
  openaiPort: 8811,
  twilioPort: 8812,
  crmPort: 8813,
  stripePort: 8814,
  ...SIMULATED_CREDENTIALS,
} as const;

/** What the simulated caller says in the booking test, and what the model does about it. */
export const BOOKING_SCRIPT = [
  {
    transcript: "Hi, this is Ada Lovelace. Can I book a plumber for tomorrow at 9am? My number is +1 415 555 2671.",
    reply: {
      call: "book_appointment",
      arguments: { name: "Ada Lovelace", phone: "+14155552671", date_time: "2026-11-25T09:00", notes: "Plumber visit" },
      then: "You're booked for tomorrow at 9 AM. Thank you!",
    },
  },
];

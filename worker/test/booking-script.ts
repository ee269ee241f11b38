import type { ScriptedTurn } from "@nikki/simulators/scripted-turn";

/**
 * What the simulated caller says in the booking test, and what the model does about it: asks for the free times first,
 * books the first one offered, and reads back its label and confirmation code.
 */
export const BOOKING_SCRIPT: ScriptedTurn[] = [
  {
    transcript: "Hi, this is Ada Lovelace. Can I book a plumber for tomorrow morning? My number is +1 415 555 2671.",
    reply: {
      call: "check_availability",
      arguments: { date: "tomorrow", part_of_day: "morning" },
      then: {
        call: "book_appointment",
        arguments: { name: "Ada Lovelace", phone: "+14155552671", start: "{{slots.0.start}}", notes: "Plumber visit" },
        then: "You're booked for {{booked_for}}. Your confirmation code is {{confirmation_code}}. Thank you!",
      },
    },
  },
];

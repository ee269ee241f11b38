import { type CallScenario, describeCall } from "./scenario";

export const booking: CallScenario = {
  name: "booking",
  summary: "the caller talks over Nikki's greeting, books a plumber, hears the time read back and hangs up",
  async run(context) {
    // The caller stays on until the time is read back: a second after Nikki's first words, the booking may still be in the making.
    const report = await context.place({ minDurationMs: 12_000 });
    context.log(describeCall(report));
  },
};

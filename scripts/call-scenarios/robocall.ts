import { REPEAT_CALL_LIMIT, REPEAT_CALL_WINDOW_MINUTES } from "@nikki/core";
import { linearToUlaw } from "@nikki/core/mulaw";
import { latestCallFrom, describeStored, signIn } from "./dashboard";
import type { CallScenario } from "./scenario";

/** 12 s of a recorded message: loud, with no pause a person would leave (a 300 Hz and 450 Hz warble). */
const RECORDING = Uint8Array.from({ length: 12 * 8_000 }, (_, i) =>
  linearToUlaw(Math.round(9_000 * (Math.sin((2 * Math.PI * 300 * i) / 8_000) + 0.5 * Math.sin((2 * Math.PI * 450 * i) / 8_000)))),
);

export const robocall: CallScenario = {
  name: "robocall",
  summary: `a recorded message talks over the greeting without pausing (hung up, outcome spam), then the number rings again until its ${REPEAT_CALL_LIMIT + 1}th call in ${REPEAT_CALL_WINDOW_MINUTES} minutes is refused`,
  defaultFrom: "+14155550163",
  async run(context) {
    const dashboard = await signIn(context.baseUrl);
    const report = await context.place({ speech: RECORDING, speakAtOnce: true });
    if (report.voicemail) context.log("This number was refused at once: it rang too often in the last 10 minutes already.");
    else context.log(`The recording played from the first frame; the product closed the line after ${report.framesSent * 20} ms of it.`);
    context.log(describeStored(await latestCallFrom(dashboard, context.from)));
    for (let ring = 2; ring <= REPEAT_CALL_LIMIT + 1; ring++) {
      const again = await context.place({ hangUpOnAnswer: true });
      context.log(`Ring ${ring}: ${again.voicemail ? "refused with a short message and <Hangup/>" : "answered with a stream (the caller hung up at once)"}.`);
      if (again.voicemail) {
        context.log(describeStored(await latestCallFrom(dashboard, context.from)));
        return;
      }
    }
  },
};

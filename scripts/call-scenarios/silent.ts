import { latestCallFrom, describeStored, signIn } from "./dashboard";
import type { CallScenario } from "./scenario";

export const silent: CallScenario = {
  name: "silent",
  summary: "the caller never says a word: 10 s after the greeting Nikki says goodbye and hangs up (outcome silent)",
  defaultFrom: "+14155550161",
  async run(context) {
    const started = Date.now();
    const report = await context.place({ speech: new Uint8Array(0) });
    if (report.voicemail) return context.log("The call was not streamed (voicemail or refused): is `npm start -- --simulate` running?");
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    context.log(`Nikki spoke (${report.mediaReceived} frames heard); the line was closed by the product after ${seconds} s of a silent caller.`);
    context.log(describeStored(await latestCallFrom(await signIn(context.baseUrl), context.from)));
  },
};

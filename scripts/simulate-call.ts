/**
 * `npm run call:simulate`: while `npm start -- --simulate` runs, Twilio (simulated) rings the demo number:
 * the caller talks over Nikki's greeting, books a plumber, and hangs up. Watch both terminals.
 */
import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { placeSimulatedCall } from "@nikki/simulators/twilio-caller";
import { DEMO } from "../worker/src/db/seed";

const base = `http://localhost:${process.env.PORT ?? 8787}`;
try {
  const report = await placeSimulatedCall({
    baseUrl: base,
    publicBaseUrl: base,
    authToken: SIMULATED_CREDENTIALS.twilioAuthToken,
    accountSid: SIMULATED_CREDENTIALS.twilioAccountSid,
    from: "+14155552671",
    to: DEMO.phoneNumber,
    tag: 1,
    // The caller stays on until the time is read back: a second after Nikki's first words, the booking may still be in the making.
    minDurationMs: 12_000,
    log: (line) => console.log(line),
  });
  if (report.voicemail) console.log("The call went to voicemail: is `npm start -- --simulate` running?");
  else if (report.afterStream !== null && report.mediaReceived === 0)
    console.log("The call's stream could not run, so the caller was offered a message (the <Connect> action): is the media plane running?");
  else console.log(`Done. The call (${report.callId}) is analysed in a moment: see call_processed in the worker's log.`);
} catch (error) {
  console.error(
    `Could not place the call: ${error instanceof Error ? error.message : String(error)}. Start the product with \`npm start -- --simulate\` first.`,
  );
  process.exitCode = 1;
}

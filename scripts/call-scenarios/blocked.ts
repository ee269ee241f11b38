import type { OrganizationSettings } from "@nikki/core";
import { latestCallFrom, describeStored, signIn } from "./dashboard";
import type { CallScenario } from "./scenario";

export const blocked: CallScenario = {
  name: "blocked",
  summary: "a number the business blocked (added to Settings › Calls first, signed in as the demo owner) hears a short message and is hung up",
  defaultFrom: "+14155550162",
  async run(context) {
    const dashboard = await signIn(context.baseUrl);
    const { settings } = await dashboard.get<{ settings: OrganizationSettings }>("/api/org/settings");
    if (!settings.blocked_numbers.includes(context.from)) {
      await dashboard.send("PATCH", "/api/org/settings", { blocked_numbers: [...settings.blocked_numbers, context.from] });
      context.log(`${context.from} added to Settings › Calls › Blocked numbers (remove it there to let it ring again).`);
    }
    // Twilio ends the call at the answer's <Hangup/>: its status callback follows at once.
    const report = await context.place({ hangUpOnAnswer: true });
    if (!report.voicemail) return context.log("The call was streamed to Nikki: the number was not blocked.");
    context.log("Twilio got TwiML with a short message and <Hangup/>: no stream, no model session.");
    context.log(describeStored(await latestCallFrom(dashboard, context.from)));
  },
};

import { CALL_MESSAGES } from "@nikki/core";
import { bookingCaller } from "./caller-lines";
import { type CallScenario, describeCall } from "./scenario";
import { dashboardReader } from "./dashboard-reader";

const SECOND_CALL_SAYS = "Hi, it's me again. Please tell the team I'll be ten minutes late.";

/** The memory lines of the latest Realtime session that was told about this caller, if the OpenAI simulator is there to ask (it lists each session's instructions). */
async function memoryLines(openaiUrl: string, from: string): Promise<string[] | null> {
  const sessions = (await fetch(`${openaiUrl}/__realtime-lifecycles`)
    .then((response) => response.json())
    .catch(() => null)) as { instructions: string }[] | null;
  if (!sessions) return null;
  // The memory is one paragraph of the instructions (voice/caller-memory.ts), naming the caller's number.
  const memory = sessions
    .flatMap((session) => session.instructions.split("\n\n"))
    .findLast((paragraph) => paragraph.startsWith("Returning caller:") && paragraph.includes(from));
  return memory?.split("\n") ?? [];
}

export const returning: CallScenario = {
  name: "returning",
  summary: "calls twice from one number: the first books the business's first service; the second, once the first is analysed, is known by name",
  async run(context) {
    const dashboard = await dashboardReader(context.baseUrl);
    context.log(`First call: the caller books ${context.service}.`);
    const first = await context.place({ says: bookingCaller(context.service, context.from), bargeInAfterMs: 400, answerTimeoutMs: 12_000 });
    context.log(describeCall(first));
    if (!first.callId || first.voicemail) return;
    const analysed = await dashboard.analysed(first.callId);
    context.log(`First call ${analysed.processing_status}: ${analysed.summary ?? "no summary yet (the second call is then a stranger)"}`);
    context.log(`  caller: returning ${analysed.caller.returning}, previous_calls ${analysed.caller.previous_calls}`);

    context.log(`Second call, from the same number: "${SECOND_CALL_SAYS}"`);
    const second = await context.place({ says: [SECOND_CALL_SAYS], bargeInAfterMs: 3_000, minDurationMs: 8_000 });
    context.log(describeCall(second));
    if (!second.callId || second.voicemail) return;
    const lines = await memoryLines(context.openaiUrl, context.from);
    if (lines === null) context.log("(The OpenAI simulator is not running here, so the session's instructions cannot be shown.)");
    else if (lines.length === 0) context.log("The second call's instructions hold no memory of this caller.");
    else context.log(`The second call's session instructions:\n  ${lines.join("\n  ")}`);
    const detail = await dashboard.analysed(second.callId, 30_000);
    for (const entry of detail.transcript) context.log(`  ${entry.role === "user" ? "Caller" : "Nikki"}: ${entry.content}`);
    const { returning, previous_calls } = detail.caller;
    context.log(
      `Second call: caller.returning ${returning}, previous_calls ${previous_calls} (the call detail: "${CALL_MESSAGES.returningCaller(previous_calls)}").`,
    );
  },
};

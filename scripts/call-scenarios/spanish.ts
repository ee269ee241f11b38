import { DEMO } from "../../worker/src/db/seed";
import { type CallScenario, describeCall } from "./scenario";

/** What the caller says, turn by turn, with the number they call from (the simulated model hears the words and answers in their language). */
export const spanishCaller = (from: string) => [
  `Hola, soy Lucía Fernández y mi número es ${from}. Quiero una cita para mañana a las 10.`,
  "Sí, la primera me va bien.",
];

/** The Twilio simulator `npm start -- --simulate` runs (scripts/start.ts), which records every request. */
const TWILIO_SIMULATOR = "http://127.0.0.1:8802";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The texts the product sent to `to` through the simulated Twilio, oldest first; null when it is not reachable. */
async function textsTo(to: string): Promise<string[] | null> {
  try {
    const requests = (await (await fetch(`${TWILIO_SIMULATOR}/__requests`)).json()) as { path: string; form: Record<string, string> }[];
    return requests.filter((request) => request.path.endsWith("/Messages.json") && request.form.To === to).map((request) => request.form.Body ?? "");
  } catch {
    return null;
  }
}

/** The stored call as the dashboard reads it, signed in as the demo's owner, once analysed; null when that is not possible. */
async function storedCall(baseUrl: string, callId: string): Promise<{ language: string | null; summary: string | null } | null> {
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email: DEMO.ownerEmail, password: DEMO.ownerPassword }),
  }).catch(() => null);
  const cookie = signIn?.ok
    ? signIn.headers
        .getSetCookie()
        .map((value) => value.split(";")[0])
        .join("; ")
    : "";
  if (!cookie) return null;
  for (let attempt = 0; attempt < 30; attempt++) {
    const response = await fetch(`${baseUrl}/api/calls/${callId}`, { headers: { cookie, origin: baseUrl } });
    if (!response.ok) return null;
    const { call } = (await response.json()) as { call: { language: string | null; summary: string | null; processing_status: string } };
    if (call.processing_status !== "pending") return call;
    await pause(1_000);
  }
  return null;
}

export const spanish: CallScenario = {
  name: "spanish",
  summary: "a Spanish caller books; prints the language stored on the call and the texts sent to the caller",
  async run(context) {
    const before = (await textsTo(context.from))?.length ?? 0;
    const report = await context.place({ says: spanishCaller(context.from), answerTimeoutMs: 12_000 });
    context.log(describeCall(report));
    if (!report.callId || report.voicemail) return;
    const call = await storedCall(context.baseUrl, report.callId);
    context.log(
      call
        ? `Stored language: ${call.language ?? "none"}. Summary: ${call.summary ?? "none"}`
        : `The stored call could not be read (it is read signed in as the demo's owner, ${DEMO.ownerEmail}): see Calls in the dashboard.`,
    );
    // The follow-up text goes out right after the analysis.
    await pause(1_500);
    const texts = await textsTo(context.from);
    if (texts === null) return context.log(`The Twilio simulator (${TWILIO_SIMULATOR}) is not reachable: see the texts in the worker's log.`);
    const sent = texts.slice(before);
    context.log(sent.length ? `Texts to ${context.from}:\n${sent.map((text) => `  “${text}”`).join("\n")}` : `No text was sent to ${context.from}.`);
  },
};

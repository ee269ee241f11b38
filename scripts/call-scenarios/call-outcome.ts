/** What a scenario prints about what its call left behind: the stored call, its bookings, and the texts to the caller. */
import { analysedCall, bookingsOf } from "./called-business";
import type { ScenarioContext } from "./scenario";

/** The texts the product sent to `to` through the simulated Twilio, oldest first; null when it is not reachable. */
export async function textsTo(twilioRestUrl: string, to: string): Promise<string[] | null> {
  try {
    const requests = (await (await fetch(`${twilioRestUrl}/__requests`)).json()) as { path: string; form: Record<string, string> }[];
    return requests.filter((request) => request.path.endsWith("/Messages.json") && request.form.To === to).map((request) => request.form.Body ?? "");
  } catch {
    return null;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Once the call is analysed: its language and summary, each appointment it booked (the service, who, the number it is
 * on, when), and the texts the caller got since `textsBefore` (how many they had before the call).
 */
export async function logCallOutcome(context: ScenarioContext, callId: string, textsBefore: number): Promise<void> {
  const call = await analysedCall(context.baseUrl, callId).catch(() => null);
  if (!call) return context.log("The stored call could not be read from the running product's local database: see Calls in the dashboard.");
  context.log(`Stored: analysis ${call.processing_status}, language ${call.language ?? "none"}. Summary: ${call.summary ?? "none"}`);
  const bookings = await bookingsOf(context.baseUrl, callId);
  if (bookings.length === 0) context.log("No appointment was booked on this call.");
  for (const booking of bookings) context.log(`Booked: ${booking.service} for ${booking.name} (${booking.phone}), ${booking.label}.`);
  // The follow-up text goes out right after the analysis.
  await pause(1_500);
  const texts = await textsTo(context.twilioRestUrl, context.from);
  if (texts === null) return context.log(`The Twilio simulator (${context.twilioRestUrl}) is not reachable: see the texts in the worker's log.`);
  const sent = texts.slice(textsBefore);
  context.log(sent.length ? `Texts to ${context.from}:\n${sent.map((text) => `  “${text}”`).join("\n")}` : `No text was sent to ${context.from}.`);
}

/** How many texts the caller had before the call (0 when the simulator cannot say). */
export const textCount = async (context: ScenarioContext) => (await textsTo(context.twilioRestUrl, context.from))?.length ?? 0;

/** What the scenarios' callers say: they ask for the business's own service, and give the number they call from when asked. */
import { askedFor } from "@nikki/core";

/** A number as a caller says it: "+1 512 555 0111" (the simulated model writes it back as E.164). */
export function spokenNumber(e164: string): string {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return nanp ? `+1 ${nanp[1]} ${nanp[2]} ${nanp[3]}` : e164;
}

/** The booking caller: asks for the service tomorrow morning, gives their number when asked, and takes the first time offered. */
export const bookingCaller = (service: string, from: string) => [
  `Hi, this is Ada Lovelace. Can I book ${askedFor.en(service)} for tomorrow morning?`,
  `Sure, it's ${spokenNumber(from)}.`,
  "The first one works, thanks.",
];

/** The caller who says who they are and what they want in one breath, then takes the first time offered. */
export const oneBreathCaller = (service: string, from: string) => [
  `Hi, this is Ada Lovelace, my number is ${spokenNumber(from)}. Can I book ${askedFor.en(service)} for tomorrow morning?`,
  "The first one works, thanks.",
];

/** The Spanish caller: the same, in Spanish (the service by the business's own name). */
export const spanishCaller = (service: string, from: string) => [
  `Hola, soy Lucía Fernández. Quiero ${askedFor.es(service)} para mañana a las 10.`,
  `Mi número es el ${spokenNumber(from)}.`,
  "Sí, la primera me va bien.",
];

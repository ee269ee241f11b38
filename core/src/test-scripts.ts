/**
 * What the Test Suite's built-in callers say, written from the business (issue 54 §5): they ask for its own service
 * by name, on the next day it opens and at its opening time, in the words a caller of any business would use. A dental
 * practice is asked for a Cleaning tomorrow at 8 am, never for a plumber.
 */
import { DEFAULT_SERVICE } from "./appointments";
import type { OpeningHours } from "./hours";
import type { TestScenarioId } from "./test-suite";
import { addDays, localParts, weekdayOf } from "./zoned-time";

export interface SuiteBusiness {
  /** The business's services, oldest first (those its test agent offers). */
  services: readonly string[];
  hours: OpeningHours;
  timeZone: string;
  now: Date;
}

/** The service a caller asks for by name: the first the business named itself, else the default ("Appointment"). */
export function serviceToAskFor(services: readonly string[]): string {
  return services.find((name) => name !== DEFAULT_SERVICE.name) ?? services[0] ?? DEFAULT_SERVICE.name;
}

/** "a Cleaning", "an Implant consult". */
const withArticle = (service: string) => `${/^[aeiou]/i.test(service) ? "an" : "a"} ${service}`;

/**
 * What a caller asks to book: the service by name ("a Cleaning", "una cita de Cleaning"); the default service is no
 * name of its own ("an appointment", "una cita").
 */
export const askedFor = {
  en: (service: string) => (service === DEFAULT_SERVICE.name ? "an appointment" : withArticle(service)),
  es: (service: string) => (service === DEFAULT_SERVICE.name ? "una cita" : `una cita de ${service}`),
};

/** The next day after today the business opens, and when: how the callers name a day and an hour. */
export function nextOpening(business: Pick<SuiteBusiness, "hours" | "timeZone" | "now">): { date: string; inDays: number; minutes: number } | null {
  const today = localParts(business.timeZone, business.now).date;
  for (let inDays = 1; inDays <= 7; inDays++) {
    const date = addDays(today, inDays);
    const first = (business.hours[weekdayOf(date)] ?? []).map((span) => span.open).sort()[0];
    if (first) return { date, inDays, minutes: Number(first.slice(0, 2)) * 60 + Number(first.slice(3, 5)) };
  }
  return null;
}

const DAY_NAMES = {
  en: { sun: "Sunday", mon: "Monday", tue: "Tuesday", wed: "Wednesday", thu: "Thursday", fri: "Friday", sat: "Saturday" },
  es: { sun: "el domingo", mon: "el lunes", tue: "el martes", wed: "el miércoles", thu: "el jueves", fri: "el viernes", sat: "el sábado" },
} as const;

/** "tomorrow at 8 am", "on Monday at 9:30 am", "for the next day you're open"; in Spanish "para mañana a las 8", "para el lunes a las 14:30". */
function when(business: SuiteBusiness, language: "en" | "es"): string {
  const opening = nextOpening(business);
  if (!opening) return language === "es" ? "para el próximo día que abran" : "for the next day you're open";
  const [hour, minute] = [Math.floor(opening.minutes / 60), opening.minutes % 60];
  const weekday = weekdayOf(opening.date);
  if (language === "es") {
    const clock = `${hour === 1 ? "a la" : "a las"} ${hour}${minute ? `:${String(minute).padStart(2, "0")}` : ""}`;
    return `para ${opening.inDays === 1 ? "mañana" : DAY_NAMES.es[weekday]} ${clock}`;
  }
  const clock = `at ${hour % 12 === 0 ? 12 : hour % 12}${minute ? `:${String(minute).padStart(2, "0")}` : ""} ${hour < 12 ? "am" : "pm"}`;
  return `${opening.inDays === 1 ? "tomorrow" : `on ${DAY_NAMES.en[weekday]}`} ${clock}`;
}

/**
 * Each built-in scenario's caller lines for this business (the knowledge, website and custom scenarios' come from the
 * business's knowledge and script instead). The default service ("Appointment") is no name of its own: its callers ask
 * for "an appointment" or about "your services".
 */
export function scriptedLines(business: SuiteBusiness): Partial<Record<TestScenarioId, string[]>> {
  const service = serviceToAskFor(business.services);
  const named = service === DEFAULT_SERVICE.name ? null : service;
  const day = when(business, "en");
  const booked = askedFor.en(service);
  return {
    lead: [
      `Hi, this is Maria Garcia. I'd like to find out more about ${named ? withArticle(named) : "your services"}.`,
      "You can reach me on +1 415 555 0142.",
    ],
    appointment: [
      "Hello, my name is James Chen and my number is +1 415 555 0173.",
      `Can I book ${booked} ${day}?`,
      "Yes, the first time you offered works for me.",
    ],
    spanish: [
      `Hola, soy Lucía Fernández. Necesito ${askedFor.es(service)} ${when(business, "es")}.`,
      "Mi número es +1 415 555 0188.",
      "Sí, la primera hora me va bien.",
    ],
    after_hours: [
      `Hi, this is Tom Baker${named ? `, calling about ${withArticle(named)}` : ""}. It's urgent: please have someone call me back as soon as you open.`,
      "Please call me back on +1 415 555 0126.",
    ],
    slow_tool: [`Hi, this is Ana Silva, my number is +1 415 555 0190. Can I book ${booked} ${day}?`],
    cough: [`Hi, could you tell me a little about ${named ? withArticle(named) : "your services"}?`],
  };
}

/**
 * Where calls may go (DESIGN.md "Where calls may go"): one rule for every outbound call the product places,
 * so a widget key, an agent or a stolen session cannot be turned into a toll-fraud dialler.
 *
 * - The number must be a plain E.164 number: no extension digits, no more digits than E.164 allows.
 * - NANP (+1) numbers are placed by their area code: the United States, Canada, or one of the Caribbean and
 *   Pacific countries that share +1. Premium-rate and non-geographic codes (900, 976, personal 5XX, 700, …) are
 *   never dialled; another country's code only when that country is allowed.
 * - Any other number by its calling code; an unknown code is never dialled.
 */
import { normalizeWidgetPhone } from "./phone";

export type DestinationCode = "invalid_phone" | "destination_not_allowed";

export type DestinationCheck = { ok: true; e164: string; country: string } | { ok: false; code: DestinationCode; message: string };

/** Canada's geographic area codes (the rest of +1's geographic codes are the United States' or listed below). */
const CANADA = new Set(
  "204 226 236 249 250 257 263 289 306 343 354 365 367 368 382 387 403 416 418 428 431 437 438 450 460 468 474 506 514 519 548 579 581 584 587 604 613 639 647 672 683 705 709 742 753 778 780 782 807 819 825 867 873 879 902 905 942".split(
    " ",
  ),
);

/** The +1 area codes of other countries and territories (their own ISO code). */
const NANP_ELSEWHERE: Record<string, string> = {
  "242": "BS",
  "246": "BB",
  "264": "AI",
  "268": "AG",
  "284": "VG",
  "340": "VI",
  "345": "KY",
  "441": "BM",
  "473": "GD",
  "649": "TC",
  "658": "JM",
  "876": "JM",
  "664": "MS",
  "670": "MP",
  "671": "GU",
  "684": "AS",
  "721": "SX",
  "758": "LC",
  "767": "DM",
  "784": "VC",
  "787": "PR",
  "939": "PR",
  "809": "DO",
  "829": "DO",
  "849": "DO",
  "868": "TT",
  "869": "KN",
};

/** Premium-rate, personal and other non-geographic +1 codes: no country, never dialled. */
const NANP_NEVER = new Set(
  "900 976 500 521 522 523 524 525 526 527 528 529 532 533 535 538 542 543 544 545 546 547 549 550 552 553 554 556 558 566 569 577 578 588 589 600 622 633 644 655 677 688 700 710 456 880 881 882 883 884 885 886 887 889".split(
    " ",
  ),
);

/** Calling codes outside +1, longest first when matched; the country each stands for. */
const CALLING_CODES: Record<string, string> = {
  "7": "RU",
  "20": "EG",
  "27": "ZA",
  "30": "GR",
  "31": "NL",
  "32": "BE",
  "33": "FR",
  "34": "ES",
  "36": "HU",
  "39": "IT",
  "40": "RO",
  "41": "CH",
  "43": "AT",
  "44": "GB",
  "45": "DK",
  "46": "SE",
  "47": "NO",
  "48": "PL",
  "49": "DE",
  "51": "PE",
  "52": "MX",
  "53": "CU",
  "54": "AR",
  "55": "BR",
  "56": "CL",
  "57": "CO",
  "58": "VE",
  "60": "MY",
  "61": "AU",
  "62": "ID",
  "63": "PH",
  "64": "NZ",
  "65": "SG",
  "66": "TH",
  "81": "JP",
  "82": "KR",
  "84": "VN",
  "86": "CN",
  "90": "TR",
  "91": "IN",
  "92": "PK",
  "351": "PT",
  "352": "LU",
  "353": "IE",
  "354": "IS",
  "358": "FI",
  "370": "LT",
  "371": "LV",
  "372": "EE",
  "380": "UA",
  "420": "CZ",
  "421": "SK",
  "852": "HK",
  "886": "TW",
  "971": "AE",
  "972": "IL",
  "966": "SA",
};

const COUNTRY_NAMES: Record<string, string> = {
  US: "the United States",
  CA: "Canada",
  GB: "the United Kingdom",
  AU: "Australia",
  IE: "Ireland",
  FR: "France",
  DE: "Germany",
  ES: "Spain",
  IT: "Italy",
  MX: "Mexico",
  JM: "Jamaica",
  DO: "the Dominican Republic",
  CU: "Cuba",
  PR: "Puerto Rico",
};

export const countryName = (country: string) => COUNTRY_NAMES[country] ?? country;

/** "the United States and Canada", "Australia", "France, Spain and Italy". */
export function countryList(countries: readonly string[]): string {
  const names = countries.map(countryName);
  return names.length <= 1 ? (names[0] ?? "no country") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * The country an E.164 number belongs to; "premium" for +1 codes that are never dialled; "invalid" for a +1 number
 * no NANP line can have; null for a calling code not listed.
 */
export function countryOf(e164: string): string | "premium" | "invalid" | null {
  const digits = e164.replace(/^\+/, "");
  if (digits.startsWith("1")) {
    if (digits.length !== 11) return "invalid";
    const area = digits.slice(1, 4);
    const exchange = digits.slice(4, 7);
    // NANP: area code and exchange are NXX (N = 2-9), and neither may be an N11 service code.
    if (!/^[2-9]\d\d$/.test(area) || !/^[2-9]\d\d$/.test(exchange) || area.endsWith("11") || exchange.endsWith("11")) return "invalid";
    if (NANP_NEVER.has(area)) return "premium";
    return NANP_ELSEWHERE[area] ?? (CANADA.has(area) ? "CA" : "US");
  }
  for (const length of [3, 2, 1]) {
    const country = CALLING_CODES[digits.slice(0, length)];
    if (country) return country;
  }
  return null;
}

const EXTENSION = /(?:ext\.?|extension|x|#|,|;|\*)\s*\d/i;

/**
 * Whether the product may place a call to `input` for an organization that allows `allowedCountries`. Answers the
 * E.164 number and its country, or the refusal's code and message; run it before any limit counts or any provider
 * is asked.
 */
export function checkDestination(input: string, allowedCountries: readonly string[]): DestinationCheck {
  if (EXTENSION.test(input)) return { ok: false, code: "invalid_phone", message: "Please enter the number without an extension." };
  const phone = normalizeWidgetPhone(input);
  const country = phone.ok ? countryOf(phone.e164) : "invalid";
  if (!phone.ok || country === "invalid") return { ok: false, code: "invalid_phone", message: "Please enter a valid phone number." };
  if (country === "premium") {
    return { ok: false, code: "destination_not_allowed", message: "Calls to premium-rate and non-geographic numbers are not allowed." };
  }
  if (!country || !allowedCountries.includes(country)) {
    return { ok: false, code: "destination_not_allowed", message: `Calls can only be placed to numbers in ${countryList(allowedCountries)}.` };
  }
  return { ok: true, e164: phone.e164, country };
}

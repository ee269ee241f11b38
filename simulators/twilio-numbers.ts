/**
 * The phone-number half of the Twilio REST simulator, in Twilio's wire format (API 2010-04-01):
 * AvailablePhoneNumbers/{Country}/Local.json (search) and IncomingPhoneNumbers (buy, list, update, release).
 * Numbers for sale are made up per area code; bought numbers live in memory until released.
 */
import { randomBytes } from "node:crypto";
import { areaPlace } from "./nanp-areas";

export interface IncomingNumber {
  sid: string;
  account_sid: string;
  friendly_name: string;
  phone_number: string;
  voice_url: string;
  voice_method: string;
  sms_url: string;
  sms_method: string;
  status_callback: string;
  status_callback_method: string;
  capabilities: { voice: boolean; sms: boolean; mms: boolean; fax: boolean };
  date_created: string;
  date_updated: string;
  uri: string;
}

const friendly = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
const twilioError = (status: number, code: number, message: string) => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

export function phoneNumberInventory(accountSid: string) {
  const owned = new Map<string, IncomingNumber>();
  const base = `/2010-04-01/Accounts/${accountSid}`;

  function available(country: string, query: URLSearchParams) {
    const areaCode = query.get("AreaCode") ?? (country === "CA" ? "416" : "415");
    const contains = (query.get("Contains") ?? "").replace(/\D/g, "");
    const pageSize = Math.min(Number(query.get("PageSize") ?? 20) || 20, 30);
    const area = areaPlace(areaCode);
    const numbers = [];
    for (let line = 100; line < 1000 && numbers.length < pageSize; line += 37) {
      const e164 = `+1${areaCode}555${String(line).padStart(4, "0")}`;
      if (contains && !e164.includes(contains)) continue;
      if ([...owned.values()].some((number) => number.phone_number === e164)) continue;
      numbers.push({
        friendly_name: friendly(e164),
        phone_number: e164,
        lata: area ? "722" : null,
        locality: area?.locality ?? null,
        rate_center: area ? area.locality.toUpperCase().replace(/\s+/g, "").slice(0, 10) : null,
        latitude: area?.latitude ?? null,
        longitude: area?.longitude ?? null,
        region: area?.region ?? null,
        postal_code: area?.postal_code ?? null,
        iso_country: country,
        address_requirements: "none",
        beta: false,
        capabilities: { voice: true, SMS: true, MMS: true, fax: false },
      });
    }
    return { available_phone_numbers: numbers, uri: `${base}/AvailablePhoneNumbers/${country}/Local.json?${query}` };
  }

  function apply(number: IncomingNumber, form: Record<string, string>) {
    if (form.FriendlyName !== undefined) number.friendly_name = form.FriendlyName;
    if (form.VoiceUrl !== undefined) number.voice_url = form.VoiceUrl;
    if (form.VoiceMethod !== undefined) number.voice_method = form.VoiceMethod;
    if (form.SmsUrl !== undefined) number.sms_url = form.SmsUrl;
    if (form.SmsMethod !== undefined) number.sms_method = form.SmsMethod;
    if (form.StatusCallback !== undefined) number.status_callback = form.StatusCallback;
    if (form.StatusCallbackMethod !== undefined) number.status_callback_method = form.StatusCallbackMethod;
    number.date_updated = new Date().toUTCString();
    return number;
  }

  /** Adds a number to the account as if bought elsewhere (tests: numbers a sync should find). */
  function seed(phoneNumber: string, form: Record<string, string> = {}): IncomingNumber {
    const sid = `PN${randomBytes(16).toString("hex")}`;
    const now = new Date().toUTCString();
    const number: IncomingNumber = {
      sid,
      account_sid: accountSid,
      friendly_name: friendly(phoneNumber),
      phone_number: phoneNumber,
      voice_url: "",
      voice_method: "POST",
      sms_url: "",
      sms_method: "POST",
      status_callback: "",
      status_callback_method: "POST",
      capabilities: { voice: true, sms: true, mms: true, fax: false },
      date_created: now,
      date_updated: now,
      uri: `${base}/IncomingPhoneNumbers/${sid}.json`,
    };
    owned.set(sid, apply(number, form));
    return number;
  }

  /** Answers a request under the account, or null when it is not a phone-number request. */
  function handle(method: string, url: URL, form: Record<string, string>): { status: number; body: unknown } | null {
    // The Pricing API (pricing.twilio.com/v1): what each kind of number costs a month in a country.
    const pricing = /^\/v1\/PhoneNumbers\/Countries\/([A-Z]{2})$/.exec(url.pathname);
    if (method === "GET" && pricing) {
      const country = pricing[1]!;
      const local = { US: "1.15", CA: "1.15", GB: "1.15", AU: "3.00" }[country];
      if (!local) return twilioError(404, 20404, `The requested resource ${url.pathname} was not found`);
      return {
        status: 200,
        body: {
          country,
          iso_country: country,
          phone_number_prices: [
            { number_type: "local", base_price: local, current_price: local },
            { number_type: "toll free", base_price: "2.15", current_price: "2.15" },
          ],
          price_unit: "USD",
          url: `https://pricing.twilio.com/v1/PhoneNumbers/Countries/${country}`,
        },
      };
    }
    const search = new RegExp(`^${base}/AvailablePhoneNumbers/([A-Z]{2})/Local\\.json$`).exec(url.pathname);
    if (method === "GET" && search) return { status: 200, body: available(search[1]!, url.searchParams) };
    if (url.pathname === `${base}/IncomingPhoneNumbers.json`) {
      if (method === "GET") {
        const only = url.searchParams.get("PhoneNumber");
        const list = [...owned.values()].filter((number) => !only || number.phone_number === only);
        return {
          status: 200,
          body: { incoming_phone_numbers: list, page: 0, page_size: 50, start: 0, end: list.length - 1, next_page_uri: null, uri: url.pathname },
        };
      }
      if (method === "POST") {
        const wanted = form.PhoneNumber ?? "";
        const forSale = available("US", new URLSearchParams({ AreaCode: wanted.slice(2, 5), PageSize: "30" })).available_phone_numbers;
        const canadian = available("CA", new URLSearchParams({ AreaCode: wanted.slice(2, 5), PageSize: "30" })).available_phone_numbers;
        if (![...forSale, ...canadian].some((number) => number.phone_number === wanted)) {
          return twilioError(400, 21422, `PhoneNumber ${wanted} is not available.`);
        }
        return { status: 201, body: seed(wanted, form) };
      }
    }
    const one = new RegExp(`^${base}/IncomingPhoneNumbers/(PN[0-9a-f]{32})\\.json$`).exec(url.pathname);
    if (one) {
      const number = owned.get(one[1]!);
      if (!number) return twilioError(404, 20404, `The requested resource ${url.pathname} was not found`);
      if (method === "GET") return { status: 200, body: number };
      if (method === "POST") return { status: 200, body: apply(number, form) };
      if (method === "DELETE") {
        owned.delete(number.sid);
        return { status: 204, body: null };
      }
    }
    return null;
  }

  return { handle, seed, owned };
}

/**
 * The Pricing API's Messaging Countries resource (GET pricing.twilio.com/v1/Messaging/Countries/{IsoCountry}) in
 * Twilio's wire format: per carrier (MCC/MNC), the price of an outbound SMS segment by the sender's number type, and
 * the price of receiving one; prices are decimal strings, as Twilio sends them. A country it does not list is a 404.
 */

/** Each listed country's name, its carriers, and the local-number price of one outbound segment (USD). */
const COUNTRIES: Record<string, { name: string; carriers: [string, string, string][]; local: string; tollFree: string }> = {
  US: {
    name: "United States",
    carriers: [
      ["AT&T Wireless", "310", "410"],
      ["Verizon Wireless", "311", "480"],
      ["T-Mobile USA", "310", "260"],
    ],
    local: "0.0083",
    tollFree: "0.0083",
  },
  CA: { name: "Canada", carriers: [["Rogers Wireless", "302", "720"]], local: "0.0083", tollFree: "0.0083" },
  GB: { name: "United Kingdom", carriers: [["Vodafone UK", "234", "15"]], local: "0.0524", tollFree: "0.0524" },
  AU: { name: "Australia", carriers: [["Telstra", "505", "01"]], local: "0.0515", tollFree: "0.0515" },
  MX: { name: "Mexico", carriers: [["Telcel", "334", "020"]], local: "0.1016", tollFree: "0.1016" },
  JM: { name: "Jamaica", carriers: [["Digicel", "338", "050"]], local: "0.1130", tollFree: "0.1130" },
  CU: { name: "Cuba", carriers: [["ETECSA", "368", "01"]], local: "0.1447", tollFree: "0.1447" },
};

/** Answers a Messaging Countries request, or null when the path is not one. */
export function messagingCountryPrices(method: string, url: URL): { status: number; body: unknown } | null {
  const match = /^\/v1\/Messaging\/Countries\/([A-Z]{2})$/.exec(url.pathname);
  if (method !== "GET" || !match) return null;
  const iso = match[1]!;
  const country = COUNTRIES[iso];
  if (!country) {
    return {
      status: 404,
      body: {
        code: 20404,
        message: `The requested resource ${url.pathname} was not found`,
        more_info: "https://www.twilio.com/docs/errors/20404",
        status: 404,
      },
    };
  }
  const price = (number_type: string, amount: string) => ({ number_type, base_price: amount, current_price: amount });
  return {
    status: 200,
    body: {
      country: country.name,
      iso_country: iso,
      outbound_sms_prices: country.carriers.map(([carrier, mcc, mnc]) => ({
        carrier,
        mcc,
        mnc,
        prices: [price("local", country.local), price("toll free", country.tollFree), price("shortcode", "0.0100")],
      })),
      inbound_sms_prices: [price("local", "0.0083"), price("toll free", "0.0083"), price("shortcode", "0.0100")],
      price_unit: "USD",
      url: `https://pricing.twilio.com/v1/Messaging/Countries/${iso}`,
    },
  };
}

import { startTwilioRestSimulator, type TwilioRestSimulator } from "@nikki/simulators/twilio-rest";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePorts } from "@nikki/dev/free-port";
import { TwilioError, liveTwilioClient } from "../../src/services/twilio/client";

const ACCOUNT = "AC0123456789abcdef0123456789abcdef";
const TOKEN = "12345678901234567890123456789012";

let simulator: TwilioRestSimulator;

beforeAll(async () => {
  const [port] = (await freePorts(1)) as [number];
  simulator = await startTwilioRestSimulator({ port, accountSid: ACCOUNT, authToken: TOKEN });
});

afterAll(async () => {
  await simulator.close();
});

describe("the Pricing API's Messaging Countries, as the messaging gate reads it", () => {
  const ours = () => liveTwilioClient({ accountSid: ACCOUNT, authToken: TOKEN, baseUrl: simulator.baseUrl, pricingBaseUrl: simulator.baseUrl });

  it("is what Twilio's own library reads, and the gate prices a segment at the dearest local price", async () => {
    const client = twilio(ACCOUNT, TOKEN);
    client.pricing.baseUrl = simulator.baseUrl;
    const country = await client.pricing.v1.messaging.countries("US").fetch();
    expect(country.isoCountry).toBe("US");
    expect(country.priceUnit).toBe("USD");
    // The library hands each carrier's prices on as Twilio sent them (snake_case), whatever its types say.
    const prices = country.outboundSmsPrices.flatMap((carrier) => (carrier.prices ?? []) as unknown as { number_type: string; current_price: string }[]);
    const local = prices.filter((price) => price.number_type === "local");
    expect(local.length).toBeGreaterThan(0);
    const dearest = Math.max(...local.map((price) => Number(price.current_price)));
    expect(await ours().messagePrice("US")).toEqual({ amount: dearest, currency: "USD" });
  });

  it("answers 404 for a country Twilio does not list, to both", async () => {
    const client = twilio(ACCOUNT, TOKEN);
    client.pricing.baseUrl = simulator.baseUrl;
    await expect(client.pricing.v1.messaging.countries("ZZ").fetch()).rejects.toMatchObject({ status: 404 });
    await expect(ours().messagePrice("ZZ")).rejects.toBeInstanceOf(TwilioError);
  });
});

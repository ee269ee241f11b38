import { describe, expect, it } from "vitest";
import { phoneNumberInventory } from "./twilio-numbers";

const ACCOUNT = "AC00000000000000000000000000000000";

function search(country: string, areaCode: string) {
  const inventory = phoneNumberInventory(ACCOUNT);
  const url = new URL(`http://twilio.test/2010-04-01/Accounts/${ACCOUNT}/AvailablePhoneNumbers/${country}/Local.json?AreaCode=${areaCode}`);
  const answer = inventory.handle("GET", url, {}) as { body: { available_phone_numbers: Record<string, unknown>[] } };
  return answer.body.available_phone_numbers;
}

describe("AvailablePhoneNumbers names the place an area code is in", () => {
  it.each([
    ["US", "720", "Denver", "CO"],
    ["US", "303", "Denver", "CO"],
    ["US", "512", "Austin", "TX"],
    ["US", "415", "San Francisco", "CA"],
    ["US", "212", "New York", "NY"],
    ["US", "312", "Chicago", "IL"],
    ["CA", "416", "Toronto", "ON"],
  ])("%s %s → %s, %s", (country, areaCode, locality, region) => {
    const numbers = search(country, areaCode);
    expect(numbers.length).toBeGreaterThan(0);
    for (const number of numbers) {
      expect(number).toMatchObject({ locality, region, iso_country: country });
      expect(String(number.phone_number).startsWith(`+1${areaCode}`)).toBe(true);
    }
  });

  it("gives no locality, region or coordinates for an area code it does not know, rather than a wrong one", () => {
    const [number] = search("US", "207");
    expect(number).toMatchObject({ locality: null, region: null, postal_code: null, latitude: null, longitude: null });
  });
});

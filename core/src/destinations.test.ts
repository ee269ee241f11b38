import { describe, expect, it } from "vitest";
import { checkDestination, countryOf } from "./destinations";

const US_CA = ["US", "CA"];

describe("checkDestination: where calls may go", () => {
  it.each([
    ["a US mobile, 10 digits", "4155552671", US_CA, "+14155552671", "US"],
    ["a US number with +1", "+1 415 555 2671", US_CA, "+14155552671", "US"],
    ["a US number, 11 digits", "1 (212) 555-0199", US_CA, "+12125550199", "US"],
    ["Toronto (416) is Canada", "+1 416 555 0123", US_CA, "+14165550123", "CA"],
    ["Vancouver (604) is Canada", "604-555-0123", US_CA, "+16045550123", "CA"],
    ["Montreal (514) is Canada", "514 555 0123", ["CA"], "+15145550123", "CA"],
    ["a US toll-free number is the United States", "+1 800 555 0199", US_CA, "+18005550199", "US"],
    ["London when GB is allowed", "+44 20 7946 0958", ["GB"], "+442079460958", "GB"],
    ["Sydney when AU is allowed", "+61 2 9374 4000", ["AU"], "+61293744000", "AU"],
    ["Jamaica (876) when JM is allowed", "+1 876 555 0100", ["US", "JM"], "+18765550100", "JM"],
    ["the Dominican Republic (809) when DO is allowed", "809-555-0100", ["DO"], "+18095550100", "DO"],
    ["Puerto Rico (787) when PR is allowed", "+1 787 555 0100", ["PR"], "+17875550100", "PR"],
    ["Cuba typed with its own +", "+53 5123 4567", ["CU"], "+5351234567", "CU"],
    ["Ireland (353, longest code wins)", "+353 1 234 5678", ["IE"], "+35312345678", "IE"],
    ["Mexico", "+52 55 1234 5678", ["MX"], "+525512345678", "MX"],
    ["Germany", "+49 30 123456", ["DE"], "+4930123456", "DE"],
    ["a trailing word without digits is not an extension", "415-555-2671 ext", US_CA, "+14155552671", "US"],
  ])("allows %s", (_case, input, allowed, e164, country) => {
    expect(checkDestination(input, allowed)).toEqual({ ok: true, e164, country });
  });

  const PREMIUM = "Calls to premium-rate and non-geographic numbers are not allowed.";
  const ONLY_US_CA = "Calls can only be placed to numbers in the United States and Canada.";
  it.each([
    ["a 900 premium number", "+1 900 555 0100", PREMIUM],
    ["a 976 premium number", "1-976-555-0100", PREMIUM],
    ["a 500 personal number", "+1 500 555 0100", PREMIUM],
    ["a 700 number", "+1 700 555 0100", PREMIUM],
    ["a 710 (government) number", "710 555 0100", PREMIUM],
    ["a Canadian non-geographic 600 number", "+1 600 555 0100", PREMIUM],
    ["Jamaica (876) looks like +1", "876-555-0100", ONLY_US_CA],
    ["Jamaica's newer 658", "+1 658 555 0100", ONLY_US_CA],
    ["the Dominican Republic (809)", "+1 809 555 0100", ONLY_US_CA],
    ["the Dominican Republic (829)", "+1 829 555 0100", ONLY_US_CA],
    ["the Dominican Republic (849)", "+1 849 555 0100", ONLY_US_CA],
    ["Antigua (268)", "+1 268 555 0100", ONLY_US_CA],
    ["Grenada (473)", "+1 473 555 0100", ONLY_US_CA],
    ["Montserrat (664)", "+1 664 555 0100", ONLY_US_CA],
    ["Turks and Caicos (649)", "+1 649 555 0100", ONLY_US_CA],
    ["Guam (671)", "+1 671 555 0100", ONLY_US_CA],
    ["the British Virgin Islands (284)", "+1 284 555 0100", ONLY_US_CA],
    ["the US Virgin Islands (340)", "+1 340 555 0100", ONLY_US_CA],
    ["Bermuda (441)", "+1 441 555 0100", ONLY_US_CA],
    ["St Lucia (758)", "+1 758 555 0100", ONLY_US_CA],
    ["Dominica (767)", "+1 767 555 0100", ONLY_US_CA],
    ["St Vincent (784)", "+1 784 555 0100", ONLY_US_CA],
    ["Trinidad (868)", "+1 868 555 0100", ONLY_US_CA],
    ["St Kitts (869)", "+1 869 555 0100", ONLY_US_CA],
    ["Cuba, not +1 535…", "+5351234567", ONLY_US_CA],
    ["the United Kingdom", "+44 20 7946 0958", ONLY_US_CA],
    ["a calling code nobody holds", "+999 123 456 789", ONLY_US_CA],
  ])("refuses %s", (_case, input, message) => {
    expect(checkDestination(input, US_CA)).toEqual({ ok: false, code: "destination_not_allowed", message });
  });

  it.each([
    ["extension digits after ext", "+1 415 555 2671 ext 12"],
    ["extension digits after x", "415-555-2671x3"],
    ["pause-and-dial digits after a comma", "4155552671,,9"],
    ["a # sequence", "4155552671#123"],
  ])("refuses %s", (_case, input) => {
    expect(checkDestination(input, US_CA)).toEqual({ ok: false, code: "invalid_phone", message: "Please enter the number without an extension." });
  });

  it.each([
    ["more digits than E.164 allows", "+1 415 555 2671 0000 1"],
    ["a +1 number one digit short", "+1 415 555 267"],
    ["too few digits", "555 0100"],
    ["an N11 area code", "+1 411 555 0100"],
    ["an exchange starting with 1", "+1 415 155 0100"],
    ["an area code starting with 0", "+1 015 555 0100"],
    ["an exchange that is a service code (911)", "+1 415 911 0100"],
  ])("refuses %s as not a phone number", (_case, input) => {
    expect(checkDestination(input, US_CA)).toEqual({ ok: false, code: "invalid_phone", message: "Please enter a valid phone number." });
  });

  it("names the allowed countries in its message", () => {
    expect(checkDestination("+44 20 7946 0958", ["AU"])).toMatchObject({ message: "Calls can only be placed to numbers in Australia." });
    expect(checkDestination("+44 20 7946 0958", ["FR", "ES", "IT"])).toMatchObject({
      message: "Calls can only be placed to numbers in France, Spain and Italy.",
    });
  });

  it("places +1 numbers by area code", () => {
    expect(countryOf("+14155552671")).toBe("US");
    expect(countryOf("+19025550100")).toBe("CA");
    expect(countryOf("+19005550100")).toBe("premium");
    expect(countryOf("+1415555267")).toBe("invalid");
    expect(countryOf("+999123456789")).toBeNull();
  });
});

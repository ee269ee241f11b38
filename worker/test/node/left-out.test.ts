import * as real from "@better-auth/core/social-providers";
import { describe, expect, it } from "vitest";
import * as standIn from "../../src/auth/left-out/social-providers";

/**
 * The stand-in for better-auth's social providers (wrangler.toml [alias]) against the real module, which Node loads
 * without the alias: the same provider names, and the same verdict on a provider name a request sends.
 */
describe("the social providers' stand-in", () => {
  it("names the providers better-auth names", () => {
    expect([...standIn.socialProviderList]).toEqual(real.socialProviderList);
  });

  it.each([["google"], ["github"], ["acme-sso"], [""], [42], [null], [undefined], [{ id: "google" }]])("judges %j as better-auth does", (provider) => {
    const verdict = (schema: typeof real.SocialProviderListEnum | typeof standIn.SocialProviderListEnum) => {
      const result = schema.safeParse(provider);
      return result.success ? { data: result.data } : { issues: result.error.issues.map(({ code, message }) => ({ code, message })) };
    };
    expect(verdict(standIn.SocialProviderListEnum)).toEqual(verdict(real.SocialProviderListEnum));
  });
});

import { socialProviders } from "@better-auth/core/social-providers";
import { describe, expect, it } from "vitest";
import { PASSWORD, call, signUp } from "../../../test/accounts";

/** The tests' worker leaves out what the deployed bundle leaves out (wrangler.toml [alias]), and sign-in still works. */
describe("better-auth's parts left out of the bundle", () => {
  it("are left out of the worker under test too", () => {
    expect(() => socialProviders.google).toThrow(/left out of this bundle/);
  });

  it("leave e-mail sign-in as it was, and a social provider nobody configured is refused as before", async () => {
    const user = await signUp();
    const signedIn = await call("/api/auth/sign-in/email", { body: { email: user.email, password: PASSWORD } });
    expect(signedIn.status).toBe(200);
    const social = await call("/api/auth/sign-in/social", { body: { provider: "github", callbackURL: "/dashboard" } });
    expect(social.status).toBe(404);
  });
});

/**
 * Stands in for `@better-auth/core/social-providers` in the bundle (wrangler.toml `[alias]`): 36 providers' code, 57 KB
 * of the control worker, none of it used. The product configures no `socialProviders` (Google sign-in is the generic
 * OAuth plugin, auth.ts), so better-auth reads only the provider-name schema of its sign-in and account routes here,
 * which takes any string. worker/test/node/left-out.test.ts holds these to the real module.
 */
import * as z from "zod";

export const socialProviderList = [
  "apple",
  "atlassian",
  "cloudflare",
  "cognito",
  "discord",
  "facebook",
  "figma",
  "github",
  "microsoft",
  "google",
  "huggingface",
  "slack",
  "spotify",
  "twitch",
  "twitter",
  "dropbox",
  "kick",
  "linear",
  "linkedin",
  "gitlab",
  "tiktok",
  "reddit",
  "roblox",
  "salesforce",
  "vk",
  "zoom",
  "notion",
  "kakao",
  "naver",
  "line",
  "paybin",
  "paypal",
  "polar",
  "railway",
  "vercel",
  "wechat",
] as const;

export const SocialProviderListEnum = z.enum(socialProviderList).or(z.string());

/** Reached only when a social provider is configured: then it says so, instead of failing on `undefined`. */
export const socialProviders: Record<string, never> = new Proxy(
  {},
  {
    get(_, key) {
      throw new Error(`better-auth's social provider "${String(key)}" is left out of this bundle (wrangler.toml [alias]).`);
    },
  },
);

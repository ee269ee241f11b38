import * as z from "zod/mini";

export const demoCallSchema = z.object({
  phone: z.string().check(z.trim(), z.maxLength(40)),
  consent: z.optional(z.boolean()),
  page_url: z.optional(z.string().check(z.maxLength(2048))),
});

/** A demo call request that passed its checks (the worker's demo-calls/checks.ts): where to call, and from which page. */
export interface DemoCallInput {
  e164: string;
  pageUrl: string | null;
}

import * as z from "zod/mini";

export const demoCallSchema = z.object({
  phone: z.string().check(z.trim(), z.maxLength(40)),
  consent: z.optional(z.boolean()),
  page_url: z.optional(z.string().check(z.maxLength(2048))),
});

import * as z from "zod/mini";
import { type UrlPolicy, type UrlScheme, refusedUrlMessage, urlRefusal } from "./url-guard";

/**
 * A URL field a business fills, through the URL guard under the deployment's policy: refused with the field's message
 * and the reason for this value ("…(here, it must use a host name, not an IP address)."). `also`: a further rule of
 * the field's own (a bridge URL takes no query).
 */
export const guardedUrl = (scheme: UrlScheme, policy: UrlPolicy, message: string, also: (value: string) => boolean = () => true) =>
  z.string(message).check(
    z.trim(),
    z.maxLength(2048, message),
    z.check<string>((ctx) => {
      if (urlRefusal(ctx.value, scheme, policy) === null && also(ctx.value)) return;
      ctx.issues.push({ code: "custom", message: refusedUrlMessage(message, ctx.value, scheme, policy), input: ctx.value });
    }),
  );

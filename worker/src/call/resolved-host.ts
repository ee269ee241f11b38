// Core's own modules, not its index: the media plane bundles only what it uses.
import { addressKind } from "@nikki/core/address-ranges";
import { type UrlPolicy, type UrlRefusal, hostToResolve } from "@nikki/core/url-guard";
import { resolveName } from "./doh";

/**
 * The second half of the URL guard (DESIGN.md "URLs, resolved"), in both planes, before each fetch of or connection
 * to a URL a business gave: its host is resolved over DoH and refused when any answer is loopback, private, link-local,
 * CGNAT, metadata, unspecified or reserved (IPv4-mapped forms included), or when it does not resolve at all. IP
 * literals a test configuration allows, and the local deployment's own localhost, have no name to resolve.
 *
 * What it cannot close: `fetch` resolves the name again, so a name that answers publicly here and privately a moment
 * later (DNS rebinding) passes; ARCHITECTURE.md says what the platform's egress does about that.
 */
export async function resolvedUrlRefusal(
  dohUrl: string,
  url: string,
  policy: UrlPolicy,
): Promise<Extract<UrlRefusal, "private_address" | "unresolved"> | null> {
  const host = hostToResolve(url, policy);
  if (host === null) return null;
  const resolution = await resolveName(dohUrl, host);
  if (!resolution || resolution.addresses.length === 0) return "unresolved";
  return resolution.addresses.every((address) => addressKind(address) === "public") ? null : "private_address";
}

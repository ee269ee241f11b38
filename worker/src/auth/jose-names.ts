/**
 * The control worker is bundled without `keep_names` (wrangler.toml: the names it keeps cost 67 KB). JOSE names each
 * error after its class (`this.constructor.name`), and better-auth tells some apart by that name (an ID token's
 * `JWSInvalid`), so every JOSE error class gets its own name back here, once, before anything verifies a token.
 */
import * as joseErrors from "jose/errors";

for (const [name, value] of Object.entries(joseErrors)) {
  if (typeof value === "function" && value.name !== name) Object.defineProperty(value, "name", { value: name });
}

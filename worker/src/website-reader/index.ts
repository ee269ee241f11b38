/**
 * The website reader as a worker of its own (wrangler.website-reader.toml): a business's pages, sitemaps and
 * robots.txt are fetched and parsed here, apart from the control plane, so the collections a 2 MB hostile page costs
 * happen in this isolate's heap, not beside every request of the dashboard and the calls. It holds no database and
 * no secret but the one its callers sign with.
 */
import type { WebsiteReaderBindings } from "./env";
import { handleWebsiteReader } from "./handler";

export default {
  fetch: (request, env) => handleWebsiteReader(request, env),
} satisfies ExportedHandler<WebsiteReaderBindings>;

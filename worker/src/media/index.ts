/**
 * The media plane as a worker of its own (wrangler.media.toml): the calls' audio, apart from the control plane's
 * webhooks, database and analyses, so none of that work runs between two frames or grows the heap a frame waits on.
 */
import type { MediaBindings } from "./env";
import { handleMedia } from "./handler";

export { MediaSession } from "./session";

export default {
  fetch: (request, env) => handleMedia(request, env),
} satisfies ExportedHandler<MediaBindings>;

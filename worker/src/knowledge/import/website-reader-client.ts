/** The control plane's requests to the website reader, over its service binding (WEBSITE_READER), signed (plane-auth.ts). */
import type { ImportLimits } from "@nikki/core";
import { postToPlane } from "../../call/plane-auth";
import type { DiscoverAnswer, ReadEvent, ReadRequest } from "../../rpc/website-reader";

/** Any host: a service binding delivers the request to the reader whatever the URL names. */
const READER = "https://website-reader.internal/website-reader";

export interface WebsiteReader {
  /** The site's pages, for the owner to pick; or why it cannot be imported. */
  discover(url: string, limits: ImportLimits): Promise<DiscoverAnswer>;
  /** The site read for an import, each event as the reader knows it; returning early cancels the reading. */
  read(request: ReadRequest): AsyncGenerator<ReadEvent>;
}

async function* ndjson<Event>(body: ReadableStream<Uint8Array>): AsyncGenerator<Event> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // A page's event can be most of a megabyte: the line is looked for in the new text only, not read again.
      const chunk = decoder.decode(value, { stream: true });
      const last = chunk.lastIndexOf("\n");
      if (last < 0) {
        pending += chunk;
        continue;
      }
      const lines = (pending + chunk.slice(0, last)).split("\n");
      pending = chunk.slice(last + 1);
      for (const line of lines) if (line) yield JSON.parse(line) as Event;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

export function websiteReader(fetcher: Fetcher, secret: string): WebsiteReader {
  return {
    discover: async (url, limits) => (await (await postToPlane(fetcher, secret, `${READER}/discover`, { url, limits })).json()) as DiscoverAnswer,
    async *read(request) {
      const response = await postToPlane(fetcher, secret, `${READER}/read`, request);
      if (response.body) yield* ndjson<ReadEvent>(response.body);
    },
  };
}

import { createServer } from "node:net";
import type { AddressInfo } from "node:net";

/** A loopback port nothing listens on right now (benchmarks run beside `npm start` and the tests). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

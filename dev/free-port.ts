import { type Server, createServer } from "node:net";
import type { AddressInfo } from "node:net";

/**
 * `count` loopback ports nothing listens on right now, all different: each is held until all are chosen. The
 * tests and benchmarks take theirs this way, so they run beside `npm start` and beside another checkout's tests.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let index = 0; index < count; index++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(0, "127.0.0.1", resolve);
      });
    }
    return servers.map((server) => (server.address() as AddressInfo).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

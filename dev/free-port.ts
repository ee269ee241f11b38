import { type Server, createServer } from "node:net";

/**
 * Ports are drawn below Linux's ephemeral range (32768–60999 by default): a port the kernel hands out for outgoing
 * connections can be taken by any client between the moment it is chosen here and the moment a server listens on
 * it, which a busy machine (a newcomer's always is) did, failing a run with EADDRINUSE.
 */
const LOWEST = 20_000;
const SPAN = 12_000;

function listens(port: number): Promise<Server | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

/**
 * `count` loopback ports nothing listens on right now, all different: each is held until all are chosen. The
 * tests and benchmarks take theirs this way, so they run beside `npm start` and beside another checkout's tests.
 */
export async function freePorts(count: number): Promise<number[]> {
  const held: Server[] = [];
  const ports: number[] = [];
  try {
    for (let tries = 0; ports.length < count; tries++) {
      if (tries > count * 200) throw new Error(`no ${count} free ports between ${LOWEST} and ${LOWEST + SPAN}`);
      const port = LOWEST + Math.floor(Math.random() * SPAN);
      if (ports.includes(port)) continue;
      const server = await listens(port);
      if (!server) continue;
      held.push(server);
      ports.push(port);
    }
    return ports;
  } finally {
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

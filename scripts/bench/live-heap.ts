/**
 * A worker's live JavaScript heap under `wrangler dev`, read through its V8 inspector (`--inspector-port`): a full
 * garbage collection, then the heap's used size. It counts the worker's own isolate (its Durable Objects run in it)
 * and not the local runtime's: the local D1 lives in an isolate of its own in the same workerd process, and its
 * memory grows by about 25 KB a query up to some 450 MB (measured on a bare worker in Miniflare: `select ?` 12,000
 * times took workerd from 42 to 337 MB, flat at 440–480 MB from 24,000 on), which a process's resident memory counts.
 * The inspector answers a command when the isolate next runs, so a read waits for the worker's next request.
 */
import WebSocket from "ws";

export interface LiveHeap {
  /** Used heap after a full collection, in MB. */
  read(): Promise<number>;
  close(): void;
}

const TIMEOUT_MS = 30_000;

export async function liveHeap(inspectorPort: number): Promise<LiveHeap> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  const waiting = new Map<number, (result: Record<string, unknown>) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: Record<string, unknown> };
    if (message.id === undefined) return;
    waiting.get(message.id)?.(message.result ?? {});
    waiting.delete(message.id);
  });
  let next = 1;
  const send = (method: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => reject(new Error(`the inspector on port ${inspectorPort} did not answer ${method}`)), TIMEOUT_MS);
      waiting.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      socket.send(JSON.stringify({ id, method }));
    });
  return {
    async read() {
      await send("HeapProfiler.collectGarbage");
      const { usedSize } = (await send("Runtime.getHeapUsage")) as { usedSize: number };
      return usedSize / 1024 / 1024;
    },
    close: () => socket.close(),
  };
}

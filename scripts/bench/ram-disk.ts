import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A fresh directory for a benchmark's local D1 and Durable Object storage, on a RAM disk where there is one: their
 * SQLite commits then do not wait for this machine's disk (deployed, both are Cloudflare's storage, not a local file),
 * so what is measured is the product's work, not fsync.
 */
export function ramDiskTempDir(prefix: string): string {
  return mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), prefix));
}

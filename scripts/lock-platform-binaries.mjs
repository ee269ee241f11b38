/**
 * `npm run lock:platforms`: the registry this project installs from lacks workerd's macOS and Windows binary
 * packages (and some of Biome's), so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the
 * lock as out of sync. This adds the entries npm itself writes for such optional, platform-bound packages (never installed on
 * Linux). Run it after any install that changes workerd's version.
 */
import { readFileSync, writeFileSync } from "node:fs";

const PLATFORMS = {
  "@cloudflare/workerd-darwin-64": ["darwin", "x64"],
  "@cloudflare/workerd-darwin-arm64": ["darwin", "arm64"],
  "@cloudflare/workerd-linux-64": ["linux", "x64"],
  "@cloudflare/workerd-linux-arm64": ["linux", "arm64"],
  "@cloudflare/workerd-windows-64": ["win32", "x64"],
};

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
let added = 0;
for (const [key, workerd] of Object.entries(lock.packages)) {
  if (!key.endsWith("node_modules/workerd")) continue;
  const base = key.slice(0, -"workerd".length);
  for (const [name, [os, cpu]] of Object.entries(PLATFORMS)) {
    if (lock.packages[base + name]) continue;
    lock.packages[base + name] = {
      version: workerd.version,
      ...(workerd.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      cpu: [cpu],
      license: "Apache-2.0",
      engines: { node: ">=16" },
    };
    added++;
  }
}
// Biome's CLI ships one optional package per platform (`@biomejs/cli-<os>-<cpu>[-musl]`); the registry here has only
// some of them, so the rest are written the same way: never installed on this platform, but present for `npm ci`.
for (const [key, biome] of Object.entries(lock.packages)) {
  if (!key.endsWith("node_modules/@biomejs/biome")) continue;
  const base = key.slice(0, -"@biomejs/biome".length);
  for (const [name, version] of Object.entries(biome.optionalDependencies ?? {})) {
    const match = /^@biomejs\/cli-(android|darwin|linux|win32)-(x64|arm64)(-musl)?$/.exec(name);
    if (!match || lock.packages[base + name]) continue;
    const [, os, cpu, musl] = match;
    lock.packages[base + name] = {
      version,
      ...(biome.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(os === "linux" ? { libc: [musl ? "musl" : "glibc"] } : {}),
      license: "MIT OR Apache-2.0",
      engines: { node: ">=14.21.3" },
    };
    added++;
  }
}

const keys = Object.keys(lock.packages).sort((a, b) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b)));
lock.packages = Object.fromEntries(keys.map((key) => [key, lock.packages[key]]));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entr${added === 1 ? "y" : "ies"} added.`);

/** Counted keys are spread over this many RateLimiter objects by a hash of the key, so a new address wakes no new object. */
const SHARDS = 64;

/** The name of the object that counts `key` (FNV-1a of the key, modulo SHARDS). */
export function limiterShard(key: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
  return `hits:${(hash >>> 0) % SHARDS}`;
}

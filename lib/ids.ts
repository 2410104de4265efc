import { randomFillSync } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32, lower case

// Random bytes are drawn from the OS a page at a time: one call per ID costs
// more than the rest of making it.
const POOL = Buffer.alloc(4096);
let poolOffset = POOL.length;

function random10(): Buffer {
  if (poolOffset + 10 > POOL.length) {
    randomFillSync(POOL);
    poolOffset = 0;
  }
  poolOffset += 10;
  return POOL.subarray(poolOffset - 10, poolOffset);
}

/**
 * Returns a new opaque ID `<prefix>_<26 chars>`: 48 bits of milliseconds
 * (so IDs sort by creation time) then 80 random bits, Crockford base32.
 */
export function newId(prefix: string, now: number = Date.now()): string {
  let out = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[t % 32]! + out;
    t = Math.floor(t / 32);
  }
  const rnd = random10();
  let bits = 0;
  let acc = 0;
  for (const byte of rnd) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(acc >> bits) & 31]!;
    }
  }
  return `${prefix}_${out}`;
}

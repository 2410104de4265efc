import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32, lower case

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
  const rnd = randomBytes(10);
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

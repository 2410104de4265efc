import { randomBytes, timingSafeEqual } from "node:crypto";
import { sha256 } from "../../../lib/sha256.js";

/** Every generated secret starts with this, so leaked keys are easy to scan for. */
export const KEY_SECRET_PREFIX = "gh_";

/** A generated secret: the prefix then 43 base64url characters (32 random bytes). */
export const GENERATED_SECRET_PATTERN = /^gh_[A-Za-z0-9_-]{43}$/;

/**
 * Presented secrets longer than this are rejected without hashing: no key
 * can be that long, and it bounds the work an anonymous caller can cause.
 */
export const MAX_PRESENTED_SECRET_LENGTH = 1024;

/** Returns a new random key secret `gh_` + 43 base64url characters. */
export function generateKeySecret(): string {
  return KEY_SECRET_PREFIX + randomBytes(32).toString("base64url");
}

/** The stored form of a secret: SHA-256, lower-case hex (64 characters). */
export function hashKeySecret(secret: string): string {
  return sha256(secret, "hex");
}

/**
 * The visible prefix of a secret: its first 8 characters for generated
 * secrets. An operator-chosen secret (the literal bootstrap key) may be short,
 * so at most a quarter of it is shown, never enough to rebuild it.
 */
export function secretPrefix(secret: string): string {
  if (GENERATED_SECRET_PATTERN.test(secret)) return secret.slice(0, 8);
  return secret.slice(0, Math.min(8, Math.floor(secret.length / 4)));
}

/** Compares two hex hashes in constant time; false when either is not a SHA-256 hex digest. */
export function secretHashesMatch(a: string, b: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(a) || !/^[0-9a-f]{64}$/.test(b)) return false;
  return timingSafeEqual(Buffer.from(a, "hex"), Buffer.from(b, "hex"));
}

/** True when a presented bearer value is worth looking up at all. */
export function isPlausibleSecret(secret: string): boolean {
  return secret.length > 0 && secret.length <= MAX_PRESENTED_SECRET_LENGTH && !/\s/.test(secret);
}

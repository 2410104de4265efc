import { sign, type KeyObject } from "node:crypto";

/**
 * A compact JWS (RFC 7515) of `payload` under `header`, signed ES256 with
 * node:crypto: ECDSA P-256 over SHA-256, the signature as the raw 64-byte
 * r‖s that JWS requires (IEEE P1363), not DER.
 */
export function signJws(key: KeyObject, header: Record<string, unknown>, payload: Record<string, unknown>): string {
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature = sign("sha256", Buffer.from(input), { key, dsaEncoding: "ieee-p1363" });
  return `${input}.${signature.toString("base64url")}`;
}

function base64url(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}

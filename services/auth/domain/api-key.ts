import type { Scope } from "../../../lib/scopes.js";

/**
 * An API key as stored. The secret itself is never kept: only its SHA-256
 * (`secretHash`, lower-case hex) and the first characters (`secretPrefix`)
 * so that people can recognise a key in a listing.
 */
export interface ApiKeyRecord {
  id: string;
  workspaceId: string;
  name: string;
  scopes: Scope[];
  /** Normalised IPs and CIDRs; empty allows every client address. */
  allowedIps: string[];
  /** Reviewer identity of the key. */
  subject: string;
  secretPrefix: string;
  secretHash: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds, or null while the key is live. */
  revokedAt: number | null;
  /**
   * Set only on the key generated at first start: the workspace it
   * bootstraps. Unique, so concurrent first starts generate one key, not two.
   */
  bootstrapSlot?: string;
}

/** True when the key may authenticate at `now` (it is not revoked). */
export function isKeyLive(key: ApiKeyRecord, now: number): boolean {
  return key.revokedAt === null || key.revokedAt > now;
}

import type { ApiKeyRecord } from "../domain/api-key.js";
import type { Scope } from "../../../lib/scopes.js";

/** Outcome of inserting a key. */
export type KeyInsertResult = "inserted" | "duplicate";

/** Persistence of API keys. Secrets are never stored, only their hashes. */
export interface KeyStore {
  /**
   * Inserts a key. Resolves "duplicate" (writing nothing) when its ID, its
   * secret hash or its bootstrap slot is already taken; exactly one of
   * concurrent inserts with the same hash or slot wins.
   */
  insert(key: ApiKeyRecord): Promise<KeyInsertResult>;
  /** The key whose secret hashes to `secretHash` (revoked or not), or null. */
  findBySecretHash(secretHash: string): Promise<ApiKeyRecord | null>;
  /** The key `id` of `workspaceId`, or null (also when it belongs to another workspace). */
  get(workspaceId: string, id: string): Promise<ApiKeyRecord | null>;
  /** Every key of the workspace, newest first. */
  list(workspaceId: string): Promise<ApiKeyRecord[]>;
  /** True when the workspace has at least one key (revoked keys count). */
  hasAny(workspaceId: string): Promise<boolean>;
  /**
   * Sets `revokedAt` to `at` unless the key is already revoked, and returns the
   * key as stored afterwards; null when there is no such key in the workspace.
   */
  revoke(workspaceId: string, id: string, at: number): Promise<ApiKeyRecord | null>;
  /** Replaces the scopes of a key; resolves false when there is no such key. */
  setScopes(workspaceId: string, id: string, scopes: Scope[]): Promise<boolean>;
}

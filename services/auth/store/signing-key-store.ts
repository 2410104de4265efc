import type { SigningKeyRecord } from "../domain/signing-key.js";

/**
 * Persistence of signing-key generations. Append-only: a rotation inserts
 * the next generation, so concurrent starts settle on one key through the
 * uniqueness of `generation` alone.
 */
export interface SigningKeyStore {
  /** The `limit` most recent generations, newest first. */
  latest(limit: number): Promise<SigningKeyRecord[]>;
  /**
   * Inserts `record` unless its generation exists. Resolves true when this
   * call inserted it; false when another writer got that generation first.
   */
  insertGeneration(record: SigningKeyRecord): Promise<boolean>;
}

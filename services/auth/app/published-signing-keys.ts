import { publishedKeys, type PublishedKey } from "../domain/signing-key.js";
import type { SigningKeyStore } from "../store/signing-key-store.js";

/** How many generations are read back; more rotations than this within one token lifetime are not expected. */
const HISTORY = 50;

/**
 * The keys verifiers need at `now` (current key plus retired keys whose tokens
 * may still be alive), read from the store so every replica publishes the same set.
 */
export async function publishedSigningKeys(store: SigningKeyStore, now: number, tokenTtlSeconds: number): Promise<PublishedKey[]> {
  return publishedKeys(await store.latest(HISTORY), now, tokenTtlSeconds * 1000);
}

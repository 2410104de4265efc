import type { ApiKeyRecord } from "../domain/api-key.js";
import { isKeyLive } from "../domain/api-key.js";
import { hashKeySecret, isPlausibleSecret, secretHashesMatch } from "../domain/key-secret.js";
import type { KeyStore } from "../store/key-store.js";

/**
 * The live key whose secret is `secret`, or null when the secret is empty,
 * implausible, unknown or revoked. `keys` decides how fresh that is: the
 * store itself, or a CachedKeyStore that hears of revocations on the bus.
 */
export async function authenticateKey(keys: KeyStore, secret: string, now: number): Promise<ApiKeyRecord | null> {
  if (!isPlausibleSecret(secret)) return null;
  const hash = hashKeySecret(secret);
  const key = await keys.findBySecretHash(hash);
  // The lookup is by hash; comparing again in constant time keeps the check
  // independent of how the store compares strings.
  if (!key || !secretHashesMatch(key.secretHash, hash) || !isKeyLive(key, now)) return null;
  return key;
}

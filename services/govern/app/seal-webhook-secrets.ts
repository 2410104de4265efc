import { isSealed } from "../../../lib/secret-seal.js";
import type { Logger } from "../../../lib/logger.js";
import type { WebhookStore } from "../store/webhook-store.js";
import type { WebhookSecrets } from "./webhook-secrets.js";

/**
 * Run at start: makes sure every stored webhook signing secret can be used
 * with this configuration, and seals those stored before an encryption key
 * was set. A sealed secret that cannot be opened (no key, or another one)
 * throws SecretSealError naming GATEHOUSE_ENCRYPTION_KEY, so a wrong key
 * stops the process instead of every delivery failing its signature later.
 * Replicas starting together may both seal one secret: each writes a valid
 * sealed form of the same secret, and the last one stays.
 * Resolves how many secrets it sealed.
 */
export async function sealWebhookSecrets(store: WebhookStore, secrets: WebhookSecrets, logger: Logger): Promise<number> {
  let sealed = 0;
  for (const endpoint of await store.listEndpoints()) {
    if (isSealed(endpoint.secret)) {
      secrets.fromStored(endpoint.secret, endpoint.id);
    } else if (secrets.sealing) {
      await store.setSecret(endpoint.id, secrets.toStored(endpoint.secret, endpoint.id));
      sealed++;
    }
  }
  if (sealed > 0) logger.info({ sealed }, "sealed webhook signing secrets stored before GATEHOUSE_ENCRYPTION_KEY was set");
  return sealed;
}

import { describe } from "vitest";
import { webhookStoreContract } from "../../../test/contract/webhook-store.contract.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { createWebhookStore } from "./create-webhook-store.js";

for (const engine of storeEngines()) {
  describe(`WebhookStore on ${engine.name}`, () => {
    const backend = engine.useBackend();
    webhookStoreContract(() => createWebhookStore(backend()));
  });
}

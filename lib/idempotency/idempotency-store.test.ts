import { describe } from "vitest";
import { idempotencyStoreContract } from "../../test/contract/idempotency-store.contract.js";
import { storeEngines } from "../../test/support/store-engines.js";
import { createIdempotencyStore } from "./create-idempotency-store.js";

for (const engine of storeEngines()) {
  describe(`IdempotencyStore on ${engine.name}`, () => {
    const backend = engine.useBackend();
    idempotencyStoreContract(() => createIdempotencyStore(backend(), "test_idempotency"));
  });
}

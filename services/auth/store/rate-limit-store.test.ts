import { describe } from "vitest";
import { rateLimitStoreContract } from "../../../test/contract/rate-limit-store.contract.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { createRateLimitStore } from "./create-rate-limit-store.js";

for (const engine of storeEngines()) {
  describe(`RateLimitStore on ${engine.name}`, () => {
    const backend = engine.useBackend();
    rateLimitStoreContract(() => createRateLimitStore(backend()));
  });
}

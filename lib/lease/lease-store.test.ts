import { describe } from "vitest";
import { leaseStoreContract } from "../../test/contract/lease-store.contract.js";
import { storeEngines } from "../../test/support/store-engines.js";
import { createLeaseStore } from "./create-lease-store.js";

for (const engine of storeEngines()) {
  describe(`LeaseStore on ${engine.name}`, () => {
    const backend = engine.useBackend();
    leaseStoreContract(() => createLeaseStore(backend()));
  });
}

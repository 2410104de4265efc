import { describe } from "vitest";
import { policyStoreContract } from "../../../test/contract/policy-store.contract.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { createPolicyStore } from "./create-policy-store.js";

for (const engine of storeEngines()) {
  describe(`PolicyStore on ${engine.name}`, () => {
    const backend = engine.useBackend();
    policyStoreContract(() => createPolicyStore(backend()));
  });
}

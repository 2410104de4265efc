import { describe } from "vitest";
import { policyStoreContract } from "../../../test/contract/policy-store.contract.js";
import { busReplicas } from "../../../test/support/bus-replicas.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { systemClock } from "../../../lib/clock.js";
import { silentLogger } from "../../../lib/logger.js";
import { CachedPolicyStore } from "../app/cached-policy-store.js";
import { createPolicyStore } from "./create-policy-store.js";

for (const engine of storeEngines()) {
  describe(`PolicyStore on ${engine.name}`, () => {
    const backend = engine.useBackend();
    policyStoreContract(() => createPolicyStore(backend()));
  });

  // The cache is a PolicyStore too: each call makes a replica on the same
  // data and the same broker, as in production.
  describe(`PolicyStore cached over ${engine.name}`, () => {
    const backend = engine.useBackend();
    const logger = silentLogger();
    policyStoreContract(
      busReplicas((bus) => new CachedPolicyStore(createPolicyStore(backend()), bus, systemClock, logger)),
      "within-1s",
    );
  });
}

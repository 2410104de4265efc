import { describe } from "vitest";
import { keyStoreContract } from "../../../test/contract/key-store.contract.js";
import { busReplicas } from "../../../test/support/bus-replicas.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { systemClock } from "../../../lib/clock.js";
import { silentLogger } from "../../../lib/logger.js";
import { CachedKeyStore } from "../app/cached-key-store.js";
import { createKeyStore } from "./create-key-store.js";

for (const engine of storeEngines()) {
  describe(`KeyStore on ${engine.name}`, () => {
    const backend = engine.useBackend();
    keyStoreContract(() => createKeyStore(backend()));
  });

  // The cache is a KeyStore too: each call makes a replica on the same data
  // and the same broker, as in production.
  describe(`KeyStore cached over ${engine.name}`, () => {
    const backend = engine.useBackend();
    const logger = silentLogger();
    keyStoreContract(
      busReplicas((bus) => new CachedKeyStore(createKeyStore(backend()), bus, systemClock, logger)),
      "within-1s",
    );
  });
}

import { describe } from "vitest";
import { keyStoreContract } from "../../../test/contract/key-store.contract.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { createKeyStore } from "./create-key-store.js";

for (const engine of storeEngines()) {
  describe(`KeyStore on ${engine.name}`, () => {
    const backend = engine.useBackend();
    keyStoreContract(() => createKeyStore(backend()));
  });
}

import { describe } from "vitest";
import { signingKeyStoreContract } from "../../../test/contract/signing-key-store.contract.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { createSigningKeyStore } from "./create-signing-key-store.js";

for (const engine of storeEngines()) {
  describe(`SigningKeyStore on ${engine.name}`, () => {
    const backend = engine.useBackend();
    signingKeyStoreContract(() => createSigningKeyStore(backend()));
  });
}

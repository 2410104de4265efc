import { describe } from "vitest";
import { checkpointStoreContract } from "../../../test/contract/checkpoint-store.contract.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { createCheckpointStore } from "./create-checkpoint-store.js";

for (const engine of storeEngines()) {
  describe(`CheckpointStore on ${engine.name}`, () => {
    const backend = engine.useBackend();
    checkpointStoreContract(() => createCheckpointStore(backend()));
  });
}

import { describe } from "vitest";
import { workspaceStoreContract } from "../../../test/contract/workspace-store.contract.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { createWorkspaceStore } from "./create-workspace-store.js";

for (const engine of storeEngines()) {
  describe(`WorkspaceStore on ${engine.name}`, () => {
    const backend = engine.useBackend();
    workspaceStoreContract(() => createWorkspaceStore(backend()));
  });
}

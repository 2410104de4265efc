import { describe } from "vitest";
import { agentStoreContract } from "../../../test/contract/agent-store.contract.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { createAgentStore } from "./create-agent-store.js";

for (const engine of storeEngines()) {
  describe(`AgentStore on ${engine.name}`, () => {
    const backend = engine.useBackend();
    agentStoreContract(() => createAgentStore(backend()));
  });
}

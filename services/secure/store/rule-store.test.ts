import { describe } from "vitest";
import { storeEngines } from "../../../test/support/store-engines.js";
import { ruleStoreContract } from "../../../test/contract/rule-store.contract.js";
import { createRuleStore } from "./create-rule-store.js";

for (const engine of storeEngines()) {
  describe(`RuleStore on ${engine.name}`, () => {
    const backend = engine.useBackend();
    ruleStoreContract(() => createRuleStore(backend()));
  });
}

import type { Clock } from "../../../lib/clock.js";
import type { RuleStore } from "../store/rule-store.js";

/** What the secure service's RPC handlers need. */
export interface SecureDeps {
  rules: RuleStore;
  clock: Clock;
}

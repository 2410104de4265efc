import { pickAdapter, type StoreBackend } from "../../../lib/db/backend.js";
import { MongoPolicyStore } from "./mongo-policy-store.js";
import type { PolicyStore } from "./policy-store.js";
import { SqlitePolicyStore } from "./sqlite-policy-store.js";

/** The policy store for `backend`'s engine. */
export function createPolicyStore(backend: StoreBackend): PolicyStore {
  return pickAdapter<PolicyStore>(backend, {
    sqlite: (db) => new SqlitePolicyStore(db),
    mongodb: (db) => new MongoPolicyStore(db),
  });
}

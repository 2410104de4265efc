import type { StoreBackend } from "../../../lib/db/backend.js";

/** Resolves true when the backend answers a trivial query, false otherwise (never rejects). */
export async function pingBackend(backend: StoreBackend): Promise<boolean> {
  try {
    if (backend.kind === "sqlite") {
      return backend.db.open && backend.db.prepare("SELECT 1 AS one").get() !== undefined;
    }
    await backend.db.command({ ping: 1 });
    return true;
  } catch {
    return false;
  }
}

import { describe } from "vitest";
import { auditLogContract } from "../../test/contract/audit-log.contract.js";
import { storeEngines } from "../../test/support/store-engines.js";
import { openSqlite } from "../db/sqlite.js";
import { createAuditLog } from "./create-audit-log.js";

for (const engine of storeEngines()) {
  describe(`AuditLog on ${engine.name}`, () => {
    const backend = engine.useBackend();
    auditLogContract(() => {
      const b = backend();
      // Another replica of the embedded store is another connection to the same file.
      return createAuditLog(b.kind === "sqlite" ? { kind: "sqlite", db: openSqlite(b.db.name) } : b);
    });
  });
}

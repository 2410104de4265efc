import type { Statement } from "better-sqlite3";
import type { SqliteDatabase } from "../db/sqlite.js";
import type { LeaseStore } from "./lease-store.js";

/** LeaseStore on SQLite: one row per claimed epoch in `gatehouse_leases`; INSERT OR IGNORE is the claim. */
export class SqliteLeaseStore implements LeaseStore {
  private readonly insert: Statement<[string, string]>;
  private readonly holderOf: Statement<[string], { holder: string }>;
  private readonly remove: Statement<[string]>;

  constructor(db: SqliteDatabase) {
    db.exec("CREATE TABLE IF NOT EXISTS gatehouse_leases (id TEXT PRIMARY KEY, holder TEXT NOT NULL) WITHOUT ROWID");
    this.insert = db.prepare("INSERT OR IGNORE INTO gatehouse_leases (id, holder) VALUES (?, ?)");
    this.holderOf = db.prepare("SELECT holder FROM gatehouse_leases WHERE id = ?");
    this.remove = db.prepare("DELETE FROM gatehouse_leases WHERE id = ?");
  }

  async claim(name: string, epoch: number, holder: string): Promise<string> {
    const id = `${name}/${epoch}`;
    this.insert.run(id, holder);
    return this.holderOf.get(id)!.holder;
  }

  async forget(name: string, epoch: number): Promise<void> {
    this.remove.run(`${name}/${epoch}`);
  }
}

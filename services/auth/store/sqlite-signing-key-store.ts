import type { Statement } from "better-sqlite3";
import type { SqliteDatabase } from "../../../lib/db/sqlite.js";
import type { PublicEcJwk, SigningKeyRecord } from "../domain/signing-key.js";
import type { SigningKeyStore } from "./signing-key-store.js";

interface Row {
  generation: number;
  kid: string;
  public_jwk: string;
  private_jwk: string | null;
  created_at: number;
}

/** SigningKeyStore on SQLite (table `auth_signing_keys`, created here if missing). */
export class SqliteSigningKeyStore implements SigningKeyStore {
  private readonly latestStmt: Statement<[number], Row>;
  private readonly insertStmt: Statement<[number, string, string, string | null, number]>;

  constructor(db: SqliteDatabase) {
    db.exec(`CREATE TABLE IF NOT EXISTS auth_signing_keys (
      generation INTEGER PRIMARY KEY,
      kid TEXT NOT NULL,
      public_jwk TEXT NOT NULL,
      private_jwk TEXT,
      created_at INTEGER NOT NULL
    )`);
    this.latestStmt = db.prepare(
      "SELECT generation, kid, public_jwk, private_jwk, created_at FROM auth_signing_keys ORDER BY generation DESC LIMIT ?",
    );
    this.insertStmt = db.prepare(
      "INSERT OR IGNORE INTO auth_signing_keys (generation, kid, public_jwk, private_jwk, created_at) VALUES (?, ?, ?, ?, ?)",
    );
  }

  async latest(limit: number): Promise<SigningKeyRecord[]> {
    return this.latestStmt.all(limit).map((r) => ({
      generation: r.generation,
      kid: r.kid,
      publicJwk: JSON.parse(r.public_jwk) as PublicEcJwk,
      privateJwk: r.private_jwk,
      createdAt: r.created_at,
    }));
  }

  async insertGeneration(rec: SigningKeyRecord): Promise<boolean> {
    const res = this.insertStmt.run(rec.generation, rec.kid, JSON.stringify(rec.publicJwk), rec.privateJwk, rec.createdAt);
    return res.changes === 1;
  }
}

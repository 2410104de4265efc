import type { Statement } from "better-sqlite3";
import type { SqliteDatabase } from "../../../lib/db/sqlite.js";
import type { Scope } from "../../../lib/scopes.js";
import type { ApiKeyRecord } from "../domain/api-key.js";
import { isSqliteUniqueViolation } from "./is-sqlite-unique-violation.js";
import type { KeyInsertResult, KeyStore } from "./key-store.js";

interface Row {
  id: string;
  workspace_id: string;
  name: string;
  scopes: string;
  allowed_ips: string;
  subject: string;
  secret_prefix: string;
  secret_hash: string;
  bootstrap_slot: string | null;
  created_at: number;
  revoked_at: number | null;
}

const COLUMNS =
  "id, workspace_id, name, scopes, allowed_ips, subject, secret_prefix, secret_hash, bootstrap_slot, created_at, revoked_at";

function fromRow(row: Row): ApiKeyRecord {
  const key: ApiKeyRecord = {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    scopes: JSON.parse(row.scopes) as Scope[],
    allowedIps: JSON.parse(row.allowed_ips) as string[],
    subject: row.subject,
    secretPrefix: row.secret_prefix,
    secretHash: row.secret_hash,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
  if (row.bootstrap_slot !== null) key.bootstrapSlot = row.bootstrap_slot;
  return key;
}

/**
 * KeyStore on SQLite (table `auth_keys`, created here if missing). The secret
 * hash and the bootstrap slot are UNIQUE; SQLite lets many rows have a NULL slot.
 */
export class SqliteKeyStore implements KeyStore {
  private readonly insertStmt: Statement<Row>;
  private readonly byHash: Statement<[string], Row>;
  private readonly byId: Statement<[string, string], Row>;
  private readonly listStmt: Statement<[string], Row>;
  private readonly anyStmt: Statement<[string], { one: number }>;
  private readonly revokeStmt: Statement<[number, string, string]>;
  private readonly scopesStmt: Statement<[string, string, string]>;

  constructor(db: SqliteDatabase) {
    db.exec(`CREATE TABLE IF NOT EXISTS auth_keys (
      id TEXT PRIMARY KEY,
      workspace_id TEXT NOT NULL,
      name TEXT NOT NULL,
      scopes TEXT NOT NULL,
      allowed_ips TEXT NOT NULL,
      subject TEXT NOT NULL,
      secret_prefix TEXT NOT NULL,
      secret_hash TEXT NOT NULL UNIQUE,
      bootstrap_slot TEXT UNIQUE,
      created_at INTEGER NOT NULL,
      revoked_at INTEGER
    );
    CREATE INDEX IF NOT EXISTS auth_keys_workspace_created ON auth_keys (workspace_id, created_at DESC, id DESC);`);
    this.insertStmt = db.prepare(
      `INSERT INTO auth_keys (${COLUMNS}) VALUES (@id, @workspace_id, @name, @scopes, @allowed_ips, @subject,
        @secret_prefix, @secret_hash, @bootstrap_slot, @created_at, @revoked_at)`,
    );
    this.byHash = db.prepare(`SELECT ${COLUMNS} FROM auth_keys WHERE secret_hash = ?`);
    this.byId = db.prepare(`SELECT ${COLUMNS} FROM auth_keys WHERE workspace_id = ? AND id = ?`);
    this.listStmt = db.prepare(`SELECT ${COLUMNS} FROM auth_keys WHERE workspace_id = ? ORDER BY created_at DESC, id DESC`);
    this.anyStmt = db.prepare("SELECT 1 AS one FROM auth_keys WHERE workspace_id = ? LIMIT 1");
    this.revokeStmt = db.prepare("UPDATE auth_keys SET revoked_at = ? WHERE workspace_id = ? AND id = ? AND revoked_at IS NULL");
    this.scopesStmt = db.prepare("UPDATE auth_keys SET scopes = ? WHERE workspace_id = ? AND id = ?");
  }

  async insert(key: ApiKeyRecord): Promise<KeyInsertResult> {
    try {
      this.insertStmt.run({
        id: key.id,
        workspace_id: key.workspaceId,
        name: key.name,
        scopes: JSON.stringify(key.scopes),
        allowed_ips: JSON.stringify(key.allowedIps),
        subject: key.subject,
        secret_prefix: key.secretPrefix,
        secret_hash: key.secretHash,
        bootstrap_slot: key.bootstrapSlot ?? null,
        created_at: key.createdAt,
        revoked_at: key.revokedAt,
      });
      return "inserted";
    } catch (err) {
      if (isSqliteUniqueViolation(err)) return "duplicate";
      throw err;
    }
  }

  async findBySecretHash(secretHash: string): Promise<ApiKeyRecord | null> {
    const row = this.byHash.get(secretHash);
    return row ? fromRow(row) : null;
  }

  async get(workspaceId: string, id: string): Promise<ApiKeyRecord | null> {
    const row = this.byId.get(workspaceId, id);
    return row ? fromRow(row) : null;
  }

  async list(workspaceId: string): Promise<ApiKeyRecord[]> {
    return this.listStmt.all(workspaceId).map(fromRow);
  }

  async hasAny(workspaceId: string): Promise<boolean> {
    return this.anyStmt.get(workspaceId) !== undefined;
  }

  async revoke(workspaceId: string, id: string, at: number): Promise<ApiKeyRecord | null> {
    this.revokeStmt.run(at, workspaceId, id);
    return this.get(workspaceId, id);
  }

  async setScopes(workspaceId: string, id: string, scopes: Scope[]): Promise<boolean> {
    return this.scopesStmt.run(JSON.stringify(scopes), workspaceId, id).changes === 1;
  }
}

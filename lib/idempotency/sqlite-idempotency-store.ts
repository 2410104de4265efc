import type { Statement } from "better-sqlite3";
import { randomUUID } from "node:crypto";
import type { SqliteDatabase } from "../db/sqlite.js";
import type { ClaimInput, ClaimResult, IdempotencyStore, StoredOutcome } from "./idempotency-store.js";
import { parseStoredOutcome, plainStoredOutcome } from "./parse-stored-outcome.js";

// The table name is spliced into SQL, so it must be a plain identifier.
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

interface RecordRow {
  fingerprint: string;
  state: "in_progress" | "completed";
  outcome: string | null;
  locked_until: number;
  expires_at: number;
}

/**
 * Idempotency store on SQLite: one row per (scope, key) in the table `name`,
 * created in the constructor. A claim is a single upsert whose `DO UPDATE`
 * only fires for a record that may be taken over (expired, or in progress
 * with a lock that ran out), so SQLite's write lock decides every race, also
 * between processes sharing the file.
 */
export class SqliteIdempotencyStore implements IdempotencyStore {
  private readonly claimStmt: Statement;
  private readonly readStmt: Statement;
  private readonly completeStmt: Statement;
  private readonly releaseStmt: Statement;
  private readonly purgeStmt: Statement;
  private readonly claimTx: (input: ClaimInput, token: string) => ClaimResult;

  /** Creates the table `name` (and its expiry index) if missing. */
  constructor(
    private readonly db: SqliteDatabase,
    name: string,
  ) {
    if (!TABLE_NAME.test(name)) throw new Error(`invalid idempotency table name ${JSON.stringify(name)}`);
    const t = `"${name}"`;
    db.exec(`
      CREATE TABLE IF NOT EXISTS ${t} (
        scope        TEXT    NOT NULL,
        key          TEXT    NOT NULL,
        fingerprint  TEXT    NOT NULL,
        state        TEXT    NOT NULL CHECK (state IN ('in_progress', 'completed')),
        token        TEXT    NOT NULL,
        outcome      TEXT,
        locked_until INTEGER NOT NULL,
        expires_at   INTEGER NOT NULL,
        created_at   INTEGER NOT NULL,
        completed_at INTEGER,
        PRIMARY KEY (scope, key)
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS "${name}_expires_at" ON ${t} (expires_at);
    `);
    this.claimStmt = db.prepare(`
      INSERT INTO ${t} (scope, key, fingerprint, state, token, outcome, locked_until, expires_at, created_at, completed_at)
      VALUES (@scope, @key, @fingerprint, 'in_progress', @token, NULL, @lockedUntil, @expiresAt, @now, NULL)
      ON CONFLICT (scope, key) DO UPDATE SET
        fingerprint = excluded.fingerprint, state = 'in_progress', token = excluded.token, outcome = NULL,
        locked_until = excluded.locked_until, expires_at = excluded.expires_at,
        created_at = excluded.created_at, completed_at = NULL
      WHERE expires_at <= @now OR (state = 'in_progress' AND locked_until <= @now)`);
    this.readStmt = db.prepare(
      `SELECT fingerprint, state, outcome, locked_until, expires_at FROM ${t} WHERE scope = ? AND key = ?`,
    );
    this.completeStmt = db.prepare(`
      UPDATE ${t} SET state = 'completed', outcome = @outcome, completed_at = @now
      WHERE scope = @scope AND key = @key AND state = 'in_progress' AND (@token IS NULL OR token = @token)`);
    this.releaseStmt = db.prepare(`
      DELETE FROM ${t}
      WHERE scope = @scope AND key = @key AND state = 'in_progress' AND (@token IS NULL OR token = @token)`);
    this.purgeStmt = db.prepare(`DELETE FROM ${t} WHERE expires_at <= ?`);
    // The upsert and the read that explains a refusal run in one transaction,
    // so the read sees exactly the record that refused the claim.
    this.claimTx = db.transaction((input: ClaimInput, token: string): ClaimResult => {
      const { changes } = this.claimStmt.run({
        scope: input.scope,
        key: input.key,
        fingerprint: input.fingerprint,
        token,
        lockedUntil: input.now + input.lockMs,
        expiresAt: input.now + input.ttlMs,
        now: input.now,
      });
      if (changes === 1) return { kind: "claimed", token };
      const row = this.readStmt.get(input.scope, input.key) as RecordRow | undefined;
      // Unreachable: a refused upsert means a live row exists inside this transaction.
      if (!row) throw new Error("idempotency record vanished during its claim");
      if (row.state === "completed") {
        return { kind: "completed", fingerprint: row.fingerprint, outcome: parseStoredOutcome(JSON.parse(row.outcome ?? "null")) };
      }
      return { kind: "in_progress", fingerprint: row.fingerprint };
    });
  }

  async claim(input: ClaimInput): Promise<ClaimResult> {
    return this.claimTx(input, randomUUID());
  }

  async complete(scope: string, key: string, outcome: StoredOutcome, now: number, token?: string): Promise<void> {
    this.completeStmt.run({ scope, key, outcome: JSON.stringify(plainStoredOutcome(outcome)), now, token: token ?? null });
  }

  async release(scope: string, key: string, token?: string): Promise<void> {
    this.releaseStmt.run({ scope, key, token: token ?? null });
  }

  async purgeExpired(now: number): Promise<number> {
    return this.purgeStmt.run(now).changes;
  }
}

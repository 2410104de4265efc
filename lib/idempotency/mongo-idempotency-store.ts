import type { Collection, Db } from "mongodb";
import { randomUUID } from "node:crypto";
import { isDuplicateKeyError } from "../db/mongo-errors.js";
import { UnavailableError } from "../errors.js";
import type { ClaimInput, ClaimResult, IdempotencyStore, StoredOutcome } from "./idempotency-store.js";
import { parseStoredOutcome, plainStoredOutcome } from "./parse-stored-outcome.js";

/** One claim of (scope, key); the claim with the highest `gen` is the key's record. */
interface ClaimDoc {
  /** `claimId(scope, key, gen)`: its uniqueness is what decides every race between claimers. */
  _id: string;
  scope: string;
  key: string;
  gen: number;
  fingerprint: string;
  /** `released`: given up after a failure; claimable again at once. */
  state: "in_progress" | "completed" | "released";
  /** Random per claim; `complete` and `release` name the claim by it. */
  token: string;
  outcome: StoredOutcome | null;
  locked_until: number;
  expires_at: number;
  created_at: number;
  completed_at: number | null;
}

// A claim goes round again only when another claimer inserted the generation
// it wanted; each round means someone else made progress, so a few suffice.
const MAX_CLAIM_ATTEMPTS = 8;

/**
 * The `_id` of generation `gen` of (scope, key). The scope's length and the
 * generation come before the key, so no scope/key split can collide with
 * another (a plain separator could occur in either).
 */
function claimId(scope: string, key: string, gen: number): string {
  return `${scope.length}:${scope}:${gen}:${key}`;
}

function isClaimable(doc: ClaimDoc, now: number): boolean {
  return (
    doc.state === "released" || doc.expires_at <= now || (doc.state === "in_progress" && doc.locked_until <= now)
  );
}

/**
 * Idempotency store on MongoDB and FerretDB: documents in the collection
 * `name`, one per claim of a (scope, key), numbered by `gen`; the highest
 * generation is the key's record.
 *
 * Why generations instead of one document updated in place: on FerretDB a
 * conditional update or delete is not atomic — it reads the matching
 * document, then writes by `_id` (FerretDB/FerretDB#3040), so concurrent
 * writers filtering on the same old values all succeed, and a delete can hit
 * a document re-inserted under the same `_id` in between (both reproduced
 * against FerretDB 1.24). The one race-proof primitive on every engine is an
 * insert refused by the unique `_id`. So a first claim inserts
 * generation 1, a takeover inserts generation n + 1 of the record it found
 * claimable, and whoever's insert lands wins; a claim document is afterwards
 * written only by its own claimer (`complete`, and `release`, which marks it
 * `released` rather than deleting it, so generations never go back).
 * Needs no transactions, change streams or TTL index.
 *
 * Known window: `purgeExpired` deletes a key's expired record; a claimer that
 * read that record just before could insert generation n + 1 while another,
 * reading just after, inserts generation 1. It needs two claims of a key
 * already 24 h old landing within milliseconds of a purge.
 */
export class MongoIdempotencyStore implements IdempotencyStore {
  private readonly claims: Collection<ClaimDoc>;
  private indexes: Promise<void> | undefined;

  constructor(db: Db, name: string) {
    // Same names as the SQLite adapter accepts, so a service's config works on either engine.
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) {
      throw new Error(`invalid idempotency collection name ${JSON.stringify(name)}`);
    }
    this.claims = db.collection<ClaimDoc>(name);
  }

  async claim(input: ClaimInput): Promise<ClaimResult> {
    await this.ready();
    for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++) {
      const latest = await this.latest(input.scope, input.key);
      if (latest && !isClaimable(latest, input.now)) {
        return latest.state === "completed"
          ? { kind: "completed", fingerprint: latest.fingerprint, outcome: parseStoredOutcome(latest.outcome) }
          : { kind: "in_progress", fingerprint: latest.fingerprint };
      }
      const gen = (latest?.gen ?? 0) + 1;
      const token = randomUUID();
      try {
        await this.claims.insertOne({
          _id: claimId(input.scope, input.key, gen),
          scope: input.scope,
          key: input.key,
          gen,
          fingerprint: input.fingerprint,
          state: "in_progress",
          token,
          outcome: null,
          locked_until: input.now + input.lockMs,
          expires_at: input.now + input.ttlMs,
          created_at: input.now,
          completed_at: null,
        });
        return { kind: "claimed", token };
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        // Someone else took this generation: read again to see what they hold.
      }
    }
    throw new UnavailableError("idempotency record is under heavy contention; retry");
  }

  async complete(scope: string, key: string, outcome: StoredOutcome, now: number, token?: string): Promise<void> {
    const target = await this.ownClaim(scope, key, token);
    if (!target) return;
    await this.claims.updateOne(
      { _id: target._id, token: target.token, state: "in_progress" },
      { $set: { state: "completed", outcome: plainStoredOutcome(outcome), completed_at: now } },
    );
  }

  async release(scope: string, key: string, token?: string): Promise<void> {
    const target = await this.ownClaim(scope, key, token);
    if (!target) return;
    await this.claims.updateOne(
      { _id: target._id, token: target.token, state: "in_progress" },
      { $set: { state: "released" } },
    );
  }

  async purgeExpired(now: number): Promise<number> {
    await this.ready();
    const { deletedCount } = await this.claims.deleteMany({ expires_at: { $lte: now } });
    return deletedCount;
  }

  private async latest(scope: string, key: string): Promise<ClaimDoc | null> {
    return this.claims.findOne({ scope, key }, { sort: { gen: -1 } });
  }

  /**
   * The in-progress claim `complete`/`release` act on: the one holding
   * `token` (even if since taken over, which is harmless: takeovers never
   * read it again), or without a token the key's current record.
   */
  private async ownClaim(scope: string, key: string, token: string | undefined): Promise<ClaimDoc | null> {
    await this.ready();
    const doc = token === undefined ? await this.latest(scope, key) : await this.claims.findOne({ scope, key, token });
    return doc?.state === "in_progress" ? doc : null;
  }

  // Indexes are created on first use (creating an existing index is a no-op);
  // a failure is forgotten so the next call retries. One index per command:
  // FerretDB drops the connection on a concurrent multi-index createIndexes.
  // No TTL index: FerretDB has none, and reads already ignore expired records.
  private async ready(): Promise<void> {
    this.indexes ??= (async () => {
      await this.claims.createIndex({ scope: 1, key: 1, gen: -1 }, { name: "scope_key_gen" });
      await this.claims.createIndex({ expires_at: 1 }, { name: "expires_at" });
    })().catch((err: unknown) => {
      this.indexes = undefined;
      throw err;
    });
    await this.indexes;
  }
}

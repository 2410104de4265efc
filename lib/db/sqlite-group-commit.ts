import type { Transaction } from "better-sqlite3";
import type { SqliteDatabase } from "./sqlite.js";

type Outcome = { ok: true; value: unknown } | { ok: false; err: unknown };

interface Unit {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for an embedded SQLite store: writes queued during one turn
 * of the event loop run together in one transaction, so a burst of N writes
 * pays for one commit instead of N. Each unit runs in a savepoint of its own:
 * a unit that throws is rolled back alone and rejects alone. A unit's promise
 * settles only after the transaction holding it has committed, so a resolved
 * write is durable as any other; should the commit itself fail, every unit
 * of the batch rejects.
 */
export class SqliteGroupCommit {
  private queue: Unit[] = [];
  private readonly batch: Transaction<(units: Unit[]) => Outcome[]>;

  constructor(db: SqliteDatabase) {
    const unit = db.transaction((work: () => unknown) => work());
    this.batch = db.transaction((units: Unit[]) =>
      units.map((u): Outcome => {
        try {
          // Nested in the batch's transaction, this is a savepoint.
          return { ok: true, value: unit(u.work) };
        } catch (err) {
          return { ok: false, err };
        }
      }),
    );
  }

  /** Runs `work` (synchronous SQLite statements) in the next batch; resolves its result once committed. */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const units = this.queue;
    this.queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = this.batch.immediate(units);
    } catch (err) {
      for (const u of units) u.reject(err);
      return;
    }
    outcomes.forEach((o, i) => (o.ok ? units[i]!.resolve(o.value) : units[i]!.reject(o.err)));
  }
}

/**
 * Storage port of leases: who holds each numbered period (epoch) of a named
 * lease. A claim is a single insert that only one holder can win, the one
 * write every store here (SQLite, MongoDB, FerretDB) does atomically.
 */
export interface LeaseStore {
  /**
   * Claims `epoch` of lease `name` for `holder` unless someone holds it
   * already; resolves the holder of that epoch afterwards (`holder` when the
   * claim won or was already this holder's). Of concurrent claims of one
   * epoch exactly one wins, and every claimer learns which.
   */
  claim(name: string, epoch: number, holder: string): Promise<string>;
  /** Deletes the claim of `epoch` of lease `name`, if any. */
  forget(name: string, epoch: number): Promise<void>;
}

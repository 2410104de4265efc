import type { Collection, CreateIndexesOptions, Document, IndexSpecification } from "mongodb";

/** One index to create: its keys and options (give every index a `name`). */
export interface MongoIndex {
  keys: IndexSpecification;
  options: CreateIndexesOptions & { name: string };
}

/**
 * Returns a function that creates `indexes` on `collection` the first time it
 * is awaited and is a no-op afterwards. Creating an existing index is
 * idempotent, so concurrent processes may race here. A failure is not
 * remembered: the next call tries again.
 */
export function mongoLazyIndexes<T extends Document>(collection: Collection<T>, indexes: readonly MongoIndex[]): () => Promise<void> {
  let pending: Promise<void> | undefined;
  return () => {
    pending ??= (async () => {
      for (const index of indexes) await collection.createIndex(index.keys, index.options);
    })().catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}

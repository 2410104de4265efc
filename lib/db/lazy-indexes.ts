import type { Collection, CreateIndexesOptions, Document, IndexSpecification } from "mongodb";

/**
 * Creates a collection's indexes once, on first use (creating an existing
 * index is a no-op, so replicas may race). A failure is forgotten so the next
 * operation tries again rather than every later one failing.
 */
export class LazyIndexes {
  private created: Promise<void> | undefined;

  constructor(private readonly create: () => Promise<void>) {}

  /** Resolves once the indexes exist. */
  ensure(): Promise<void> {
    this.created ??= this.create().catch((err: unknown) => {
      this.created = undefined;
      throw err;
    });
    return this.created;
  }
}

/** One index to create: its keys and options (give every index a `name`). */
export interface MongoIndex {
  keys: IndexSpecification;
  options: CreateIndexesOptions & { name: string };
}

/**
 * Returns a function that creates `indexes` on `collection` the first time it
 * is awaited and is a no-op afterwards. One index per command: FerretDB drops
 * the connection when processes race on a multi-index createIndexes.
 */
export function mongoLazyIndexes<T extends Document>(collection: Collection<T>, indexes: readonly MongoIndex[]): () => Promise<void> {
  const lazy = new LazyIndexes(async () => {
    for (const index of indexes) await collection.createIndex(index.keys, index.options);
  });
  return () => lazy.ensure();
}

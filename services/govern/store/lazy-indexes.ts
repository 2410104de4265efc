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

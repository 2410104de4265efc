import { expect } from "vitest";

/**
 * How soon a change made through one adapter shows through another on the
 * same data: stores read it at once; caches that hear of changes on a bus,
 * within 1 s.
 */
export type Propagation = "immediate" | "within-1s";

/** Asserts that `read` gives `expected` as soon as `propagation` promises. */
export async function expectPropagated<T>(propagation: Propagation, read: () => Promise<T>, expected: T): Promise<void> {
  if (propagation === "immediate") expect(await read()).toEqual(expected);
  else await expect.poll(read, { timeout: 1000, interval: 10 }).toEqual(expected);
}

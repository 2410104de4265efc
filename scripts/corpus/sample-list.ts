import type { CorpusSample } from "../../test/support/scan-corpus.js";

/** A corpus sample as a generator writes it (the file is where it is written). */
export type GeneratedSample = Omit<CorpusSample, "file">;

/**
 * Samples of one generator, named `<prefix>-tp-<n>` (true positives) and
 * `<prefix>-hn-<n>` (hard negatives) in the order they are added.
 */
export class SampleList {
  readonly samples: GeneratedSample[] = [];
  private readonly seen = new Map<string, number>();

  constructor(private readonly prefix: string) {}

  /** A sample containing exactly `expect` (category IDs). */
  positive(text: string, expect: readonly string[], note = ""): void {
    this.add("tp", text, expect, note);
  }

  /** A text that looks like `note` says but holds no category. */
  negative(text: string, note: string): void {
    this.add("hn", text, [], note);
  }

  private add(kind: string, text: string, expect: readonly string[], note: string): void {
    const n = (this.seen.get(kind) ?? 0) + 1;
    this.seen.set(kind, n);
    this.samples.push({ id: `${this.prefix}-${kind}-${n}`, text, expect: [...expect], note });
  }
}

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One labelled sample of the scan quality corpus. */
export interface CorpusSample {
  /** Stable name, unique across the corpus (`card-hn-3`). */
  id: string;
  /** The file it came from, without `.jsonl`. */
  file: string;
  text: string;
  /** Every data category present in `text`; empty for a hard negative. */
  expect: string[];
  note: string;
}

const DIR = join(import.meta.dirname, "..", "fixtures", "scan-corpus");

/** Every sample of `test/fixtures/scan-corpus/*.jsonl`, file by file in name order. */
export function loadScanCorpus(): CorpusSample[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .flatMap((file) =>
      readFileSync(join(DIR, file), "utf8")
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => {
          const sample = JSON.parse(line) as Omit<CorpusSample, "file" | "note"> & { note?: string };
          return { ...sample, note: sample.note ?? "", file: file.replace(/\.jsonl$/, "") };
        }),
    );
}

/**
 * Writes the unseen prompt-injection evaluation set:
 *
 *   npx tsx scripts/eval/import-unseen-set.ts --from <data> --out <dir> [--cap 1000]
 *
 * `<data>` holds the checkouts named in scripts/eval/unseen-sources.json
 * (`<data>/<dir>/<path>`); `<dir>` receives one `<source id>.jsonl` per
 * source, the format `GATEHOUSE_EVAL_PUBLIC_DIR` takes. `--cap` keeps at most
 * that many texts per source (a deterministic choice). Nothing it reads or
 * writes belongs in the repository.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildUnseenSet, parseUnseenFile, unseenSources } from "./unseen-set.js";

const { values } = parseArgs({ options: { from: { type: "string" }, out: { type: "string" }, cap: { type: "string", default: "1000" } } });
const cap = Number(values.cap);
if (!values.from || !values.out || !Number.isInteger(cap) || cap < 1) throw new Error("usage: import-unseen-set.ts --from <data> --out <dir> [--cap <n ≥ 1>]");

const parsed = unseenSources().map((source) => ({
  source,
  texts: source.paths.flatMap((path) => {
    const file = join(values.from!, source.dir, path);
    let raw: string;
    try {
      raw = readFileSync(file, "utf8");
    } catch {
      throw new Error(`source ${source.id} is missing: expected ${file} (${source.repo}@${source.commit})`);
    }
    return parseUnseenFile(source.parser, file, raw);
  }),
}));
const set = buildUnseenSet(parsed, cap);

mkdirSync(values.out, { recursive: true });
for (const { source, texts } of parsed) {
  const lines = set.files.get(source.id)!;
  writeFileSync(join(values.out, `${source.id}.jsonl`), lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
  console.log(`${source.id}.jsonl: ${lines.length} ${source.expect ? "attacks" : "benign"} of ${texts.length} read (${source.repo}@${source.commit.slice(0, 7)}, ${source.licence})`);
}
const lines = [...set.files.values()].flat();
console.log(
  `${lines.length} samples (${lines.filter((l) => l.expect).length} attacks, ${lines.filter((l) => !l.expect).length} benign) in ${values.out}; ` +
    `dropped ${set.duplicates} duplicates, ${set.conflicts} texts labelled both ways, ${set.capped} over the cap of ${cap} per source`,
);

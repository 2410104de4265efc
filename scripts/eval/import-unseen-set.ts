/**
 * Writes the unseen evaluation set (prompt injection and secrets):
 *
 *   npx tsx scripts/eval/import-unseen-set.ts --from <data> --out <dir> [--cap 1000] [--only <id>,…]
 *
 * `<data>` holds the checkouts named in scripts/eval/unseen-sources.json
 * (`<data>/<dir>/<path>`); `<dir>` receives one `<source id>.jsonl` per
 * source, the format `GATEHOUSE_EVAL_PUBLIC_DIR` takes. `--cap` keeps at most
 * that many texts per source that names no cap of its own (a deterministic
 * choice); `--only` imports the sources named (their ids, comma-separated).
 * Nothing it reads or writes belongs in the repository.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { buildUnseenSet, parseUnseenFile, unseenSources, type UnseenSource } from "./unseen-set.js";

const { values } = parseArgs({ options: { from: { type: "string" }, out: { type: "string" }, cap: { type: "string", default: "1000" }, only: { type: "string" } } });
const cap = Number(values.cap);
const usage = "usage: import-unseen-set.ts --from <data> --out <dir> [--cap <n ≥ 1>] [--only <id>,…]";
if (!values.from || !values.out || !Number.isInteger(cap) || cap < 1) throw new Error(usage);
const only = values.only?.split(",").map((id) => id.trim());
const sources = unseenSources().filter((s) => !only || only.includes(s.id));
const unknown = only?.filter((id) => !sources.some((s) => s.id === id)) ?? [];
if (unknown.length > 0 || sources.length === 0) throw new Error(`no source ${unknown.join(", ")} in scripts/eval/unseen-sources.json; ${usage}`);

// The files at `path` of a source's checkout, read. A Go detector source names directories: every
// test file under them but the integration tests (which call live services).
function readSource(source: UnseenSource, root: string, path: string): { file: string; raw: string }[] {
  const at = join(root, path);
  try {
    const files =
      source.parser !== "go-detector-tests"
        ? [at]
        : readdirSync(at, { recursive: true, encoding: "utf8" })
            .filter((f) => f.endsWith("_test.go") && !f.endsWith("_integration_test.go"))
            .sort()
            .map((f) => join(at, f));
    return files.map((file) => ({ file, raw: readFileSync(file, "utf8") }));
  } catch {
    throw new Error(`source ${source.id} is missing: expected ${at} (${source.repo}@${source.commit})`);
  }
}

const parsed = sources.map((source) => {
  const root = join(values.from!, source.dir);
  return {
    source,
    texts: source.paths.flatMap((path) => readSource(source, root, path).flatMap(({ file, raw }) => parseUnseenFile(source, relative(root, file), raw))),
  };
});
const set = buildUnseenSet(parsed, cap);

mkdirSync(values.out, { recursive: true });
for (const { source, texts } of parsed) {
  const lines = set.files.get(source.id)!;
  writeFileSync(join(values.out, `${source.id}.jsonl`), lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
  const kinds = source.category === "secret" ? ["with a secret", "without"] : ["attacks", "benign"];
  const held = lines.filter((l) => l.expect).length;
  console.log(
    `${source.id}.jsonl: ${held} ${kinds[0]} and ${lines.length - held} ${kinds[1]} of ${texts.length} read (${source.repo}@${source.commit.slice(0, 7)}, ${source.licence.split(" ")[0]})`,
  );
}
const lines = [...set.files.values()].flat();
console.log(
  `${lines.length} samples (${lines.filter((l) => l.expect).length} positive, ${lines.filter((l) => !l.expect).length} negative) in ${values.out}; ` +
    `dropped ${set.duplicates} duplicates, ${set.conflicts} texts labelled both ways, ${set.capped} over the cap of ${cap} per source`,
);

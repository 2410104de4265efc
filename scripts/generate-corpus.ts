import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { generatedCorpusFiles } from "./corpus/generated-corpus-files.js";

// `npm run corpus`: rewrites the generated files of the scan corpus
// (test/fixtures/scan-corpus/generated-*.jsonl) from their seeded generators.
// The hand-written files are not touched.
const dir = join(import.meta.dirname, "..", "test", "fixtures", "scan-corpus");
for (const [name, text] of Object.entries(generatedCorpusFiles())) {
  writeFileSync(join(dir, name), text);
  process.stdout.write(`${name}: ${text.split("\n").filter(Boolean).length} samples\n`);
}

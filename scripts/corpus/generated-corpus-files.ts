import { generatePiiSamples } from "./generate-pii.js";
import { generateSecretSamples } from "./generate-secrets.js";
import type { GeneratedSample } from "./sample-list.js";

/** The seed of the committed generated files; change it only to regenerate them all. */
export const CORPUS_SEED = 20261125;

// Key prefixes are written with their second character escaped (\u0068 for
// "h" in ghp_), as in the hand-written files: the JSON reads the same, and a
// secret scanner watching the repository does not take a test key for a leak.
const KEY_PREFIXES = /(?<![A-Za-z0-9])(AKIA|ASIA|ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|glpat-|xoxb-|xoxp-|hooks\.slack|sk_live|rk_live|sk_test|AIza|sk-|eyJ)|(PRIVATE KEY)/g;

function escapePrefixes(json: string): string {
  return json.replace(KEY_PREFIXES, (match) => `${match[0]}\\u${match.charCodeAt(1).toString(16).padStart(4, "0")}${match.slice(2)}`);
}

function jsonl(samples: readonly GeneratedSample[]): string {
  return samples.map((s) => escapePrefixes(JSON.stringify({ id: s.id, text: s.text, expect: s.expect, note: s.note }))).join("\n") + "\n";
}

/**
 * The generated files of `test/fixtures/scan-corpus`, by file name, as
 * `npm run corpus` writes them: deterministic for `seed`, so the committed
 * files can be checked against a fresh run.
 */
export function generatedCorpusFiles(seed = CORPUS_SEED): Record<string, string> {
  return {
    "generated-pii.jsonl": jsonl(generatePiiSamples(seed)),
    "generated-secrets.jsonl": jsonl(generateSecretSamples(seed)),
  };
}

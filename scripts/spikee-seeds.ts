/**
 * Turns Spikee's seed folders (ReversecLabs/spikee, Apache-2.0) into labelled
 * training samples. Spikee builds its prompt-injection test cases by putting an
 * *instruction* (what the attacker wants done) into a *jailbreak* template (how
 * the attacker asks), and optionally into a document the AI is meant to read;
 * this does the same, deterministically and in a bounded number, and adds the
 * benign side Spikee also ships: the documents alone, the plain requests alone,
 * and its false-positive user inputs.
 */

/** A jailbreak template: `text` holds `<INSTRUCTION>` where the instruction goes. */
export interface SpikeeJailbreak {
  id: string;
  jailbreak_type: string;
  text: string;
  lang?: string;
}

/** What the attacker wants done, typed (`sysmsg-extract`, `financial-adv`, `weapon`, …). */
export interface SpikeeInstruction {
  id: string;
  instruction_type: string;
  instruction: string;
  lang?: string;
}

/** A document an AI reads; `placeholder`, when set, marks where an injection goes (else it is appended). */
export interface SpikeeDocument {
  id: string;
  document: string;
  placeholder?: string | null;
}

/** The files of the seed folders, merged: Spikee repeats its templates across folders. */
export interface SpikeeSeeds {
  jailbreaks: SpikeeJailbreak[];
  instructions: SpikeeInstruction[];
  documents: SpikeeDocument[];
  /** User inputs Spikee sends as they are, from folders whose inputs are all plain requests. */
  benignInputs: string[];
}

/** A composed text and its label (1: injection or jailbreak). */
export interface SpikeeSample {
  text: string;
  label: 0 | 1;
}

/** How many instructions each jailbreak template is paired with. */
export const PAIRS_PER_JAILBREAK = 8;

// A template that is only the bare instruction is not an attack form of its own.
const NOT_A_JAILBREAK = new Set(["no-jailbreak"]);
// Asking for the system prompt is an attack however it is framed.
const ATTACK_ON_ITS_OWN = new Set(["sysmsg-extract"]);
// Plain requests (harmful or not) that are ordinary user messages when sent without a jailbreak.
const PLAIN_REQUEST = new Set([
  "financial-adv", "weapon", "chemical", "biological", "nuclear", "attack", "hate", "terror", "fraud", "suicide", "drug", "child",
  "stalking", "identity", "marketmanip", "insidertrading", "moneylaundering", "riot", "hack", "harassment", "assassination",
  "propaganda", "scam", "trafficking", "translation",
]);

/** The objects of a JSON Lines text; blank lines are skipped. */
export function parseJsonLines<T>(text: string): T[] {
  return text
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

// Spikee translates some seeds into low-resource languages; with too few texts in each to learn the
// language itself, a model learns "this language is an attack", so only English seeds are used.
const english = (x: { lang?: string }) => (x.lang ?? "en") === "en";
const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function uniqueBy<T>(items: T[], key: (x: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const x of items) if (!seen.has(key(x))) seen.set(key(x), x);
  return [...seen.values()];
}

function fill(template: string, instruction: string): string {
  return template.replaceAll("<INSTRUCTION>", instruction.replace(/[.\s]+$/, ""));
}

function insert(doc: SpikeeDocument, injection: string): string {
  if (doc.placeholder && doc.document.includes(doc.placeholder)) return doc.document.replace(doc.placeholder, injection);
  return `${doc.document}\n${injection}`;
}

/**
 * The samples of the seeds, the same for the same seeds:
 * - attacks: every English jailbreak template (other than the bare one) filled
 *   with {@link PAIRS_PER_JAILBREAK} English instructions, taken in turn
 *   so each instruction is used about equally; each template once more inside
 *   a document; and every system-prompt extraction instruction on its own;
 * - benign: the plain requests on their own, the documents without an
 *   injection, and `benignInputs`.
 */
export function spikeeSamples(seeds: SpikeeSeeds): SpikeeSample[] {
  const jailbreaks = uniqueBy(seeds.jailbreaks, (j) => j.text)
    .filter((j) => english(j) && !NOT_A_JAILBREAK.has(j.jailbreak_type))
    .sort(byId);
  const instructions = uniqueBy(seeds.instructions, (i) => i.instruction)
    .filter(english)
    .sort(byId);
  const documents = uniqueBy(seeds.documents, (d) => d.document)
    .filter((d) => d.document !== d.placeholder)
    .sort(byId);
  const out: SpikeeSample[] = [];

  for (const [j, jailbreak] of instructions.length > 0 ? jailbreaks.entries() : []) {
    const from = j * PAIRS_PER_JAILBREAK;
    for (let k = 0; k < Math.min(PAIRS_PER_JAILBREAK, instructions.length); k++) {
      out.push({ text: fill(jailbreak.text, instructions[(from + k) % instructions.length]!.instruction), label: 1 });
    }
    if (documents.length > 0) {
      const attack = fill(jailbreak.text, instructions[(from + PAIRS_PER_JAILBREAK) % instructions.length]!.instruction);
      out.push({ text: insert(documents[j % documents.length]!, attack), label: 1 });
    }
  }
  for (const i of instructions) {
    if (ATTACK_ON_ITS_OWN.has(i.instruction_type)) out.push({ text: i.instruction, label: 1 });
    else if (PLAIN_REQUEST.has(i.instruction_type)) out.push({ text: i.instruction, label: 0 });
  }
  for (const d of documents) out.push({ text: d.placeholder ? d.document.replace(d.placeholder, "") : d.document, label: 0 });
  for (const t of seeds.benignInputs) out.push({ text: t, label: 0 });
  return out;
}

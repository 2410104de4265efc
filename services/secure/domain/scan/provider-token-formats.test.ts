import { describe, expect, it } from "vitest";
import { compileScanPlan } from "./compile-scan-plan.js";
import { COMPILED_TOKEN_FORMATS, defaultMinEntropy } from "./provider-token-detector.js";
import { PROVIDER_TOKEN_FORMATS } from "./provider-token-formats.js";
import { aRule, scan } from "./scan-fixture.js";
import { shannonEntropy } from "./shannon-entropy.js";
import { caselessSource, compileTokenShape } from "./token-shape.js";

// Fixtures are generated here from each format's shape with a seeded
// generator: random values of the right alphabet and length, never issued by
// any provider. The same seed gives the same fixtures on every run.
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const plan = compileScanPlan([aRule("only_provider_token", { dataCategories: ["provider_token"] })]);
const findings = (text: string) => scan(plan, text).matches.flatMap((m) => m.findings);

/** How a value of the format appears in a file: after one of its keywords when it needs one. */
function inContext(format: (typeof PROVIDER_TOKEN_FORMATS)[number], value: string, variant: number): string {
  const keyword = format.keywords?.[variant % format.keywords.length];
  if (keyword === undefined) return [`token: ${value}`, `export TOKEN="${value}"`, `{"key": "${value}"}`][variant % 3]!;
  return [`${keyword.toUpperCase()}_KEY = "${value}"`, `${keyword}_token: ${value}`, `{"${keyword}": "${value}"}`][variant % 3]!;
}

describe("provider token formats", () => {
  it("list at least 150 formats with unique IDs, a provider, a label and a shape that compiles", () => {
    expect(PROVIDER_TOKEN_FORMATS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(PROVIDER_TOKEN_FORMATS.map((f) => f.id)).size).toBe(PROVIDER_TOKEN_FORMATS.length);
    for (const f of PROVIDER_TOKEN_FORMATS) {
      expect(f.id, f.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(f.provider, f.id).not.toBe("");
      expect(f.label, f.id).not.toBe("");
      expect(() => compileTokenShape(f.shape), f.id).not.toThrow();
      for (const k of f.keywords ?? []) expect(k, f.id).toBe(k.toLowerCase());
    }
  });

  it("find five generated tokens of every format, labelled with the format, masked", () => {
    const misses: string[] = [];
    COMPILED_TOKEN_FORMATS.forEach(({ format, shape }, n) => {
      const random = generator(1000 + n);
      for (let variant = 0; variant < 5; variant++) {
        const value = shape.sample(random);
        const text = inContext(format, value, variant);
        const found = findings(text).find((f) => text.slice(f.start, f.end) === value);
        if (!found) misses.push(`${format.id}: nothing found in ${text}`);
        else if (found.label !== format.label) misses.push(`${format.id}: labelled ${found.label}`);
        else if (found.excerpt.includes(value) || found.excerpt.length >= value.length) misses.push(`${format.id}: excerpt ${found.excerpt} shows too much`);
      }
    });
    expect(misses).toEqual([]);
  });

  it("find no placeholder of any format, nor a token glued to a longer word or without its provider's keyword", () => {
    const wrong: string[] = [];
    COMPILED_TOKEN_FORMATS.forEach(({ format, shape }, n) => {
      const own = (text: string) => findings(text).filter((f) => f.label === format.label);
      const placeholder = inContext(format, shape.placeholder(), 0);
      if (own(placeholder).length > 0) wrong.push(`${format.id}: placeholder ${placeholder}`);
      const value = shape.sample(generator(5000 + n));
      if (format.keywords) {
        // The same value under a name that is no keyword of the format.
        const unnamed = `checksum = "${value}"`;
        if (own(unnamed).length > 0) wrong.push(`${format.id}: no keyword ${unnamed}`);
      } else {
        const glued = `id_${value}`;
        if (own(glued).length > 0) wrong.push(`${format.id}: glued ${glued}`);
      }
    });
    expect(wrong).toEqual([]);
  });

  it("find a token given to one of its format's command-line options, after a space or =, quoted or not; not after another option", () => {
    const wrong: string[] = [];
    COMPILED_TOKEN_FORMATS.forEach(({ format, shape }, n) => {
      const random = generator(9000 + n);
      for (const flag of format.flags ?? []) {
        const value = shape.sample(random);
        for (const text of [`tool run ${flag} "${value}" -v`, `tool run ${flag.toUpperCase()} ${value}`, `tool run ${flag}='${value}'`]) {
          if (!findings(text).some((f) => f.label === format.label && text.slice(f.start, f.end) === value)) wrong.push(`${format.id}: nothing found in ${text}`);
        }
        const other = `tool run --name "${value}"`;
        if (findings(other).some((f) => f.label === format.label)) wrong.push(`${format.id}: found after another option in ${other}`);
      }
    });
    expect(wrong).toEqual([]);
    expect(PROVIDER_TOKEN_FORMATS.some((f) => f.flags)).toBe(true);
  });

  it("find an Azure Storage account key in a connection string, a setting of any case or az's --account-key; not an npm integrity hash", () => {
    const random = generator(4242);
    const key = () => Buffer.from(Array.from({ length: 64 }, () => Math.floor(random() * 256))).toString("base64");
    const azure = (text: string) => findings(text).filter((f) => f.label === "Azure Storage account key").map((f) => text.slice(f.start, f.end));
    const keys = Array.from({ length: 5 }, key);
    expect(azure(`DefaultEndpointsProtocol=https;AccountName=ledger;AccountKey=${keys[0]};EndpointSuffix=core.windows.net`)).toEqual([keys[0]]);
    expect(azure(`az storage container list --account-name ledger --account-key "${keys[1]}" -o table`)).toEqual([keys[1]]);
    expect(azure(`export AZURE_STORAGE_KEY=${keys[2]}`)).toEqual([keys[2]]);
    expect(azure(`{"storageAccountKey": "${keys[3]}"}`)).toEqual([keys[3]]);
    expect(azure(`"integrity": "sha512-${keys[4]}"`)).toEqual([]);
    expect(azure(`az storage account keys list --account-name ledger # ${keys[4]}`)).toEqual([]);
  });

  it("default entropy thresholds sit below random tokens of the shape and above typed ones", () => {
    const hex64 = compileTokenShape("x_{hex:64}");
    const alnum16 = compileTokenShape("x_{alnum:16}");
    expect(defaultMinEntropy(hex64)).toBeGreaterThan(3.3);
    expect(defaultMinEntropy(hex64)).toBeLessThan(3.5);
    expect(defaultMinEntropy(alnum16)).toBeGreaterThan(2.5);
    expect(defaultMinEntropy(alnum16)).toBeLessThan(3.2);
    // deadbeef… and a hand-typed run of hex are below the bar.
    expect(shannonEntropy("deadbeef".repeat(8))).toBeLessThan(defaultMinEntropy(hex64));
  });
});

describe("token shapes", () => {
  it("compile to a pattern, a random-part reader, samples and placeholders", () => {
    const shape = compileTokenShape("shippo_(live|test)_{hex:40}");
    expect(shape.prefix).toBe("shippo_");
    const value = shape.sample(generator(7));
    expect(value).toMatch(/^shippo_(?:live|test)_[0-9a-f]{40}$/);
    expect(new RegExp(shape.source).test(value)).toBe(true);
    expect(shape.randomPart(value)).toBe(value.slice(-40));
    expect(shape.randomPart("shippo_live_abc")).toBeNull();
    expect(shape.placeholder()).toBe(`shippo_live_${"f".repeat(40)}`);
  });

  it("spell both letter cases out when matching either, so that no pattern needs the i flag", () => {
    const shape = compileTokenShape("sk_{hex:4}", { ignoreCase: true });
    expect(shape.source).toBe("[sS][kK]_[0-9A-Fa-f]{4}");
    expect(new RegExp(`^${shape.source}$`).test("SK_12aB")).toBe(true);
    expect(shape.randomPart("SK_12aB")).toBe("12aB");
    expect(caselessSource("AccountKey=")).toBe("[aA][cC][cC][oO][uU][nN][tT][kK][eE][yY]=");
    expect(COMPILED_TOKEN_FORMATS.every((f) => f.pattern.flags === "")).toBe(true);
  });

  it("reject malformed shapes", () => {
    expect(() => compileTokenShape("x{nope:3}")).toThrow();
    expect(() => compileTokenShape("x(a|b")).toThrow();
    expect(() => compileTokenShape("x{hex:3")).toThrow();
  });
});

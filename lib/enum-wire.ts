import type { DescEnum } from "@bufbuild/protobuf";

/**
 * Converts between protobuf enum values and the lower-case names the REST API
 * and the stores use: `RULE_TYPE_DATA_PATTERN` of `RuleType` is "data_pattern".
 * The zero (`*_UNSPECIFIED`) value stands for "absent" and maps to `null`.
 */
export function wireName(desc: DescEnum, value: number): string | null {
  if (value === 0) return null;
  const v = desc.value[value];
  if (!v) throw new Error(`${desc.typeName} has no value ${value}`);
  return v.name.slice(prefixOf(desc).length).toLowerCase();
}

/** The enum value of a wire name; `undefined` when the name is unknown. */
export function enumValue(desc: DescEnum, name: string): number | undefined {
  const v = desc.values.find((ev) => ev.number !== 0 && ev.name === prefixOf(desc) + name.toUpperCase());
  return v?.number;
}

/** The wire names of every non-zero value, in declaration order. */
export function wireNames(desc: DescEnum): string[] {
  return desc.values.filter((v) => v.number !== 0).map((v) => v.name.slice(prefixOf(desc).length).toLowerCase());
}

const prefixes = new WeakMap<DescEnum, string>();

function prefixOf(desc: DescEnum): string {
  let p = prefixes.get(desc);
  if (p === undefined) {
    // buf's ENUM_VALUE_PREFIX: values start with the enum name in UPPER_SNAKE_CASE.
    p = desc.name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase() + "_";
    prefixes.set(desc, p);
  }
  return p;
}

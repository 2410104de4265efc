import type { DescEnum } from "@bufbuild/protobuf";
import { enumValue, wireName } from "../../../lib/enum-wire.js";
import { ValidationError } from "../../../lib/errors.js";

/**
 * The domain name of a request's enum value (null for UNSPECIFIED); a number
 * the enum does not define is a ValidationError naming `field`. Autonomy
 * levels come out upper case ("L3"), every other enum lower case.
 */
export function fromProtoEnum<T extends string>(desc: DescEnum, value: number, field: string): T | null {
  if (value !== 0 && desc.value[value] === undefined) throw new ValidationError(field, `unknown value ${value}`);
  const name = wireName(desc, value);
  if (name === null) return null;
  return (desc.typeName.endsWith(".AutonomyLevel") ? name.toUpperCase() : name) as T;
}

/** The enum value of a domain name; null maps to UNSPECIFIED (0). */
export function toProtoEnum(desc: DescEnum, name: string | null): number {
  if (name === null) return 0;
  const value = enumValue(desc, name);
  if (value === undefined) throw new Error(`${desc.typeName} has no value ${JSON.stringify(name)}`);
  return value;
}

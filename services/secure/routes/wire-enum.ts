import type { DescEnum } from "@bufbuild/protobuf";
import { ValidationError } from "../../../lib/errors.js";
import { wireName } from "../../../lib/enum-wire.js";

/**
 * The wire name of a request's enum value (null for UNSPECIFIED); a number the
 * enum does not define is a validation error naming `field`.
 */
export function wireEnum<T extends string>(desc: DescEnum, value: number, field: string): T | null {
  if (value !== 0 && desc.value[value] === undefined) throw new ValidationError(field, `unknown value ${value}`);
  return wireName(desc, value) as T | null;
}

import { ValidationError } from "./errors.js";

/**
 * Runs `validate`, and names the field of a `ValidationError` it throws
 * under `prefix` (`outcome` becomes `policies[2].outcome`), so that a body
 * nesting what a validator knows on its own still gets the field it sent.
 */
export function validationUnder<T>(prefix: string, validate: () => T): T {
  try {
    return validate();
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const field = err.extras.field ?? "";
    const problem = field === "" ? err.message : err.message.slice(field.length + 2);
    throw new ValidationError(field === "" ? prefix : `${prefix}.${field}`, problem);
  }
}

/**
 * Serialises an event to JSON text. Throws a TypeError for a value JSON cannot
 * carry (a cycle, a BigInt, or a `toJSON` that yields nothing), so both bus
 * adapters refuse the same events.
 */
export function encodeEvent(event: object): string {
  const text: string | undefined = JSON.stringify(event);
  if (text === undefined) throw new TypeError("event is not JSON-serialisable");
  return text;
}

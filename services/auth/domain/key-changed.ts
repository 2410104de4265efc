/** The event a process publishes after it revokes a key or changes its scopes, so every replica drops it from its cache. */
export interface KeyChanged {
  key_id: string;
}

/** The subject key changes are published on, and each auth process subscribes to: one for every workspace, as they are rare. */
export const KEY_CHANGED_SUBJECT = "auth.key.changed";

/** The event's fields, or undefined when it is not a KeyChanged. */
export function parseKeyChanged(event: unknown): KeyChanged | undefined {
  if (typeof event !== "object" || event === null) return undefined;
  const { key_id } = event as Record<string, unknown>;
  return typeof key_id === "string" ? { key_id } : undefined;
}

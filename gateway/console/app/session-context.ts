import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { ApiClient } from "./api-client.js";
import type { CheckpointEvent } from "./event-stream.js";

/** Fans the one event stream of the session out to the pages that listen. */
export class EventHub {
  private readonly listeners = new Set<(e: CheckpointEvent) => void>();
  private readonly resyncs = new Set<() => void>();

  /** Calls `fn` for every checkpoint event until the returned function is called. */
  subscribe(fn: (e: CheckpointEvent) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Calls `fn` whenever the stream comes back after a break (pages re-read what they show). */
  onResync(fn: () => void): () => void {
    this.resyncs.add(fn);
    return () => this.resyncs.delete(fn);
  }

  emit(e: CheckpointEvent): void {
    for (const fn of this.listeners) fn(e);
  }

  resync(): void {
    for (const fn of this.resyncs) fn();
  }
}

/** What every page of a signed-in session uses. */
export interface Session {
  api: ApiClient;
  events: EventHub;
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in session; pages render only inside one. */
export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error("useSession outside a signed-in session");
  return s;
}

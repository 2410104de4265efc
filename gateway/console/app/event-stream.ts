import type { Checkpoint } from "./api-types.js";
import { SseParser } from "./sse-parser.js";

import { isCheckpointEventType, type CheckpointEventType } from "../../../lib/checkpoint-event-types.js";

/** One checkpoint change from the stream. */
export interface CheckpointEvent {
  id: string;
  type: CheckpointEventType;
  timestamp: string;
  checkpoint: Checkpoint;
}

/** Where the stream stands, for the status line. */
export type StreamState =
  | { kind: "connecting" }
  | { kind: "live" }
  | { kind: "reconnecting"; inSeconds: number; why: string }
  | { kind: "stopped"; why: string };

/** What `openCheckpointEvents` reports to. */
export interface StreamHandlers {
  onEvent(event: CheckpointEvent): void;
  onState(state: StreamState): void;
  /** Each time the stream (re)opens: what happened while it was down may need reading again. */
  onConnected(reconnected: boolean): void;
  onUnauthorized(): void;
}

const MIN_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
// Heartbeats come about every 15 s: two missed means the connection is dead.
const SILENCE_LIMIT_MS = 40_000;

/** The checkpoint event in an SSE message, or null if it is not one (ignored, never trusted). */
export function parseCheckpointEvent(id: string, type: string, data: string): CheckpointEvent | null {
  if (!isCheckpointEventType(type)) return null;
  try {
    const body = JSON.parse(data) as { type?: unknown; timestamp?: unknown; data?: { checkpoint?: Checkpoint; revision?: unknown } };
    const sent = body.data?.checkpoint;
    if (!sent || typeof sent.checkpoint_id !== "string" || typeof sent.status !== "string") return null;
    // The event says which revision the checkpoint is at: repeats and stale events are then told apart exactly.
    const checkpoint = typeof body.data?.revision === "number" ? { ...sent, revision: body.data.revision } : sent;
    return { id, type, timestamp: typeof body.timestamp === "string" ? body.timestamp : "", checkpoint };
  } catch {
    return null;
  }
}

/**
 * Follows `GET /v1/checkpoints/events` with `fetch` (EventSource cannot send
 * an Authorization header): parses the stream, reconnects with exponential
 * backoff (1 s doubling to 30 s, with jitter, or the server's `retry:`),
 * resumes with `Last-Event-ID`, and treats 40 s without a byte (heartbeats
 * included) as a dead connection. A 401 stops it and signs out; a 403 stops
 * it with the API's message (the missing scope). Returns `close`.
 */
export function openCheckpointEvents(key: string, handlers: StreamHandlers): () => void {
  let closed = false;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastEventId = "";
  let backoff = MIN_BACKOFF_MS;
  let connectedBefore = false;

  const retryLater = (why: string, serverDelay?: number) => {
    if (closed) return;
    const delay = serverDelay ?? Math.min(MAX_BACKOFF_MS, backoff) * (0.75 + Math.random() * 0.5);
    backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
    handlers.onState({ kind: "reconnecting", inSeconds: Math.max(1, Math.round(delay / 1000)), why });
    timer = setTimeout(connect, delay);
  };

  const connect = async () => {
    if (closed) return;
    handlers.onState({ kind: "connecting" });
    controller = new AbortController();
    const parser = new SseParser();
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const feedWatchdog = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => controller?.abort(), SILENCE_LIMIT_MS);
    };
    try {
      feedWatchdog();
      const res = await fetch("/v1/checkpoints/events", {
        headers: {
          authorization: `Bearer ${key}`,
          accept: "text/event-stream",
          ...(lastEventId ? { "last-event-id": lastEventId } : {}),
        },
        credentials: "omit",
        cache: "no-store",
        signal: controller.signal,
      });
      if (res.status === 401) {
        clearTimeout(watchdog);
        handlers.onState({ kind: "stopped", why: "the API key was not accepted" });
        handlers.onUnauthorized();
        return;
      }
      if (res.status === 403) {
        clearTimeout(watchdog);
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        handlers.onState({ kind: "stopped", why: `live updates are off: ${body.message ?? "forbidden"}` });
        return;
      }
      if (!res.ok || !res.body) {
        clearTimeout(watchdog);
        const retryAfter = Number(res.headers.get("retry-after"));
        retryLater(res.status === 404 ? "this gateway has no event stream" : `the stream answered ${res.status}`, retryAfter > 0 ? retryAfter * 1000 : undefined);
        return;
      }
      handlers.onState({ kind: "live" });
      handlers.onConnected(connectedBefore);
      connectedBefore = true;
      backoff = MIN_BACKOFF_MS;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        feedWatchdog();
        for (const e of parser.feed(value)) {
          const event = parseCheckpointEvent(e.id, e.event, e.data);
          if (event) handlers.onEvent(event);
        }
        lastEventId = parser.lastEventId || lastEventId;
      }
      clearTimeout(watchdog);
      retryLater("the stream ended", parser.retryMs);
    } catch {
      clearTimeout(watchdog);
      lastEventId = parser.lastEventId || lastEventId;
      retryLater("the connection was lost", parser.retryMs);
    }
  };

  void connect();
  return () => {
    closed = true;
    clearTimeout(timer);
    controller?.abort();
  };
}

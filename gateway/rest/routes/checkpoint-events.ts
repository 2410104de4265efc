import type { Caller } from "../../../gen/gatehouse/common/v1/common_pb.js";
import type { GatewayClients } from "../../clients.js";
import { route, type ServerSentEvent } from "../route.js";
import { checkpointEventView } from "../views/checkpoint-event.js";
import type { RouteDeps } from "./deps.js";

/** Seconds a stream waits for an event before it sends a heartbeat. */
export const HEARTBEAT_SECONDS = 15;
/**
 * How long one stream lasts before the server ends it and the client
 * resumes with Last-Event-ID: the key is admitted again at each connection,
 * so a revoked key stops receiving events within this time.
 */
export const STREAM_LIFETIME_MS = 60_000;
/** The reconnection delay a client is told to use (the SSE `retry` field). */
export const RECONNECT_MS = 1_000;
const PAGE = 100;

/** `GET /v1/checkpoints/events`: the workspace's checkpoint changes as Server-Sent Events. */
export function checkpointEventRoutes({ clients }: RouteDeps) {
  return [
    route({
      method: "GET",
      url: "/v1/checkpoints/events",
      operationId: "streamCheckpointEvents",
      summary:
        "Server-Sent Events of the workspace's checkpoint changes (checkpoint.created, .voted, .decided, .expired, .cancelled); resume with Last-Event-ID",
      tags: ["checkpoints"],
      scope: "govern:checkpoints:read",
      headers: [{ name: "Last-Event-ID", description: "The id of the last event received: the stream resumes after it (events are kept 24 hours)." }],
      status: 200,
      eventStream: true,
      async handler({ caller, headers, signal }) {
        return checkpointEvents(clients, caller, headers["last-event-id"] ?? "", signal);
      },
    }),
  ];
}

/**
 * The messages of one stream: the workspace's events after `lastEventId`
 * (from now when empty), a heartbeat comment when none came for
 * `HEARTBEAT_SECONDS`, until `STREAM_LIFETIME_MS` has passed or `signal`
 * aborts. The first message comes after the first call to govern, so a bad
 * Last-Event-ID is refused before the stream starts.
 */
async function* checkpointEvents(clients: GatewayClients, caller: Caller, lastEventId: string, signal: AbortSignal): AsyncGenerator<ServerSentEvent> {
  const endAt = Date.now() + STREAM_LIFETIME_MS;
  let position = { floor: lastEventId.trim(), seen: [] as string[] };
  let resume = position.floor !== "";
  let hold = 0;
  let started = false;
  while (!signal.aborted) {
    const res = await clients.govern.watchCheckpointEvents(
      { caller, ...position, resume, timeoutSeconds: hold, limit: PAGE },
      { signal, timeoutMs: (hold + 10) * 1000 },
    );
    position = { floor: res.floor, seen: res.seen };
    resume = false;
    if (!started) {
      started = true;
      yield { comment: "connected", retry: RECONNECT_MS };
    }
    for (const e of res.events) yield { id: e.id, event: e.type, data: JSON.stringify(checkpointEventView(e)) };
    if (res.events.length === 0 && hold > 0) yield { comment: "heartbeat" };
    const left = endAt - Date.now();
    if (left <= 0) return;
    // A full page means more are waiting: fetch them at once.
    hold = res.events.length === PAGE ? 0 : Math.max(1, Math.min(HEARTBEAT_SECONDS, Math.floor(left / 1000)));
  }
}

import { once } from "node:events";
import type { FastifyReply } from "fastify";
import type { ServerSentEvent } from "./route.js";

/** The wire form of one message (text/event-stream). */
export function formatServerSentEvent(e: ServerSentEvent): string {
  let out = "";
  if (e.comment !== undefined) out += `: ${e.comment.replace(/[\r\n]+/g, " ")}\n`;
  if (e.retry !== undefined) out += `retry: ${Math.round(e.retry)}\n`;
  if (e.id !== undefined) out += `id: ${e.id}\n`;
  if (e.event !== undefined) out += `event: ${e.event}\n`;
  if (e.data !== undefined) for (const line of e.data.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return `${out}\n`;
}

/**
 * Answers a request with a Server-Sent Events stream of `events`. The first
 * message is pulled before anything is sent, so a request the source
 * refuses at once (a bad Last-Event-ID, a store outage) gets an ordinary
 * error response; after that the stream runs until the source ends or
 * fails, or the client goes away (the caller aborts the source then), and a
 * failure just ends it: the client reconnects and resumes.
 */
export async function sendEventStream(
  reply: FastifyReply,
  events: AsyncIterable<ServerSentEvent>,
  headers: Record<string, string>,
  onFailure: (err: unknown) => void,
): Promise<void> {
  const source = events[Symbol.asyncIterator]();
  let next = await source.next();
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...headers,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    // Proxies that buffer responses (nginx) would hold events back.
    "x-accel-buffering": "no",
    // A stream is not followed by another request on its connection; closing
    // it with the stream lets a shutdown finish instead of waiting out keep-alive.
    connection: "close",
  });
  try {
    while (!next.done) {
      if (res.destroyed) break;
      if (!res.write(formatServerSentEvent(next.value))) await Promise.race([once(res, "drain"), once(res, "close")]);
      next = await source.next();
    }
  } catch (err) {
    if (!res.destroyed) onFailure(err);
  } finally {
    await source.return?.(undefined);
    const socket = res.socket;
    res.end(() => socket?.destroy());
  }
}

/** One Server-Sent Event. */
export interface SseEvent {
  /** The `id` in force when the event was dispatched ("" when none was ever sent). */
  id: string;
  /** `event:` field; "message" when absent. */
  event: string;
  data: string;
}

/**
 * Incremental parser of a `text/event-stream` body as the HTML standard
 * defines it: lines end in CR, LF or CRLF (also across chunk boundaries),
 * comment lines (`: heartbeat`) are skipped, `data:` lines join with "\n",
 * a blank line dispatches, an `id` without NUL sets the last event ID, and
 * `retry:` with digits only sets the reconnection delay.
 */
export class SseParser {
  private buffer = "";
  private pendingCr = false;
  private data: string[] = [];
  private eventType = "";
  private lastId = "";
  /** Reconnection delay the server asked for, in ms. */
  retryMs: number | undefined;
  /** The last event ID seen: what a reconnect sends as `Last-Event-ID`. */
  get lastEventId(): string {
    return this.lastId;
  }

  /** Feeds decoded text; returns the events it completed. */
  feed(chunk: string): SseEvent[] {
    const out: SseEvent[] = [];
    let text = chunk;
    // A CR ending the previous chunk already ended its line; a LF right after it belongs to it.
    if (this.pendingCr && text.startsWith("\n")) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const ch = this.buffer[i];
      if (ch !== "\n" && ch !== "\r") continue;
      this.line(this.buffer.slice(start, i), out);
      if (ch === "\r") {
        if (i + 1 === this.buffer.length) this.pendingCr = true;
        else if (this.buffer[i + 1] === "\n") i++;
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  private line(line: string, out: SseEvent[]): void {
    if (line === "") {
      if (this.data.length > 0) out.push({ id: this.lastId, event: this.eventType || "message", data: this.data.join("\n") });
      this.data = [];
      this.eventType = "";
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "data":
        this.data.push(value);
        break;
      case "event":
        this.eventType = value;
        break;
      case "id":
        if (!value.includes("\0")) this.lastId = value;
        break;
      case "retry":
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        break;
    }
  }
}

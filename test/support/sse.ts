/** One message of an event stream as a client parses it. */
export interface StreamMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comments: string[];
}

/** An open Server-Sent Events stream read with fetch, as the console reads it (EventSource cannot send a key). */
export interface EventStreamReader {
  status: number;
  headers: Headers;
  /** The body as JSON when the server answered with an error instead of a stream. */
  errorBody?: unknown;
  /** The next message, or undefined when the stream ends first; rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<StreamMessage | undefined>;
  /** The next messages that have an event, skipping comments, until `count` are read. */
  events(count: number, timeoutMs?: number): Promise<StreamMessage[]>;
  close(): void;
}

/** Opens `path` of `baseUrl` as an event stream with `key` and extra headers. */
export async function openEventStream(baseUrl: string, path: string, key: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
  const abort = new AbortController();
  const res = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${key}`, accept: "text/event-stream", ...headers }, signal: abort.signal });
  if (!res.headers.get("content-type")?.startsWith("text/event-stream")) {
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      errorBody: text ? JSON.parse(text) : undefined,
      next: async () => undefined,
      events: async () => [],
      close: () => abort.abort(),
    };
  }
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let ended = false;
  const next = async (timeoutMs = 10_000): Promise<StreamMessage | undefined> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parseBlock(block);
      }
      if (ended) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event-stream message within ${timeoutMs} ms`);
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no event-stream message within ${timeoutMs} ms`)), left))),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) ended = true;
      else buffer += chunk.value;
    }
  };
  return {
    status: res.status,
    headers: res.headers,
    next,
    async events(count, timeoutMs = 10_000) {
      const out: StreamMessage[] = [];
      while (out.length < count) {
        const m = await next(timeoutMs);
        if (!m) break;
        if (m.event) out.push(m);
      }
      return out;
    },
    close: () => abort.abort(),
  };
}

function parseBlock(block: string): StreamMessage {
  const m: StreamMessage = { comments: [] };
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) m.comments.push(line.slice(1).trim());
    else {
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") m.id = value;
      else if (field === "event") m.event = value;
      else if (field === "data") m.data = m.data === undefined ? value : `${m.data}\n${value}`;
      else if (field === "retry") m.retry = Number(value);
    }
  }
  return m;
}

import http from "node:http";

/** A keep-alive HTTP client with enough sockets for the benchmark's concurrency. */
export function keepAliveAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets });
}

/** Sends one JSON request and resolves with status and parsed body. */
export function request(
  agent: http.Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of any route
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: { ...headers, ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/**
 * Closed-loop load: `concurrency` workers send requests back to back for
 * `durationMs`. Returns every latency (ms) and the achieved rate.
 */
export async function closedLoop(
  concurrency: number,
  durationMs: number,
  send: (worker: number, i: number) => Promise<{ status: number; body?: unknown }>,
  expectStatus: number,
): Promise<{ latencies: number[]; perSecond: number; errors: number; firstError?: string }> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const end = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < end; i++) {
        const t0 = performance.now();
        const res = await send(worker, i);
        latencies.push(performance.now() - t0);
        if (res.status !== expectStatus && errors++ === 0) firstError = `${res.status} ${JSON.stringify(res.body)}`;
      }
    }),
  );
  return { latencies, perSecond: latencies.length / ((performance.now() - started) / 1000), errors, firstError };
}

/**
 * Open-loop load: `perSecond` requests a second for `durationMs`, started on
 * schedule whether or not earlier ones have answered, so a slow server shows
 * as latency (measured from each request's scheduled start), not as a lower
 * rate.
 */
export async function openLoop(
  perSecond: number,
  durationMs: number,
  send: (i: number) => Promise<{ status: number }>,
  expectStatus: number,
): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Array<Promise<void>> = [];
  const started = performance.now();
  const total = Math.floor((perSecond * durationMs) / 1000);
  for (let i = 0; i < total; ) {
    const due = started + (i * 1000) / perSecond;
    const now = performance.now();
    if (now < due) {
      await new Promise((r) => setTimeout(r, Math.min(5, due - now)));
      continue;
    }
    // Everything due by now goes out, each timed from when it was due.
    for (; i < total && started + (i * 1000) / perSecond <= now; i++) {
      const scheduled = started + (i * 1000) / perSecond;
      inFlight.push(
        send(i).then((res) => {
          latencies.push(performance.now() - scheduled);
          if (res.status !== expectStatus) errors++;
        }),
      );
    }
  }
  await Promise.all(inFlight);
  return { latencies, errors };
}

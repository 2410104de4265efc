import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** One request a receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on loopback; `answer` picks each request's status. */
export async function startReceiver(answer: (n: number, r: Received) => number = () => 204) {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(r);
      res.statusCode = answer(received.length, r);
      res.end(res.statusCode >= 300 ? "receiver says no" : "");
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    /** Resolves once `n` requests have arrived (fails the test after `ms`). */
    async atLeast(n: number, ms = 10_000): Promise<Received[]> {
      const end = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > end) throw new Error(`receiver got ${received.length} of ${n} requests`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body of a delivery once `standardwebhooks` has verified its signature with `secret` (it throws otherwise). */
export const verified = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, {
    "webhook-id": r.headers["webhook-id"] as string,
    "webhook-timestamp": r.headers["webhook-timestamp"] as string,
    "webhook-signature": r.headers["webhook-signature"] as string,
  }) as { type: string; timestamp: string; data: { checkpoint: { checkpoint_id: string; status: string }; revision: number } };

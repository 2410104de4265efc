import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import ipaddr from "ipaddr.js";
import { forbiddenAddressReason } from "../domain/webhook-address.js";
import { guardedLookup } from "./guarded-lookup.js";

/** One webhook request: where, its headers (signature included) and its body. */
export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** How a webhook request ended: `ok` for a 2xx answer; `error` says what went wrong otherwise (safe to store and show). */
export interface PostResult {
  ok: boolean;
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  error: string | null;
}

/** How `postWebhook` sends. */
export interface PostOptions {
  /** The whole request, connection to answer, is given up after this. */
  timeoutMs: number;
  /** The operator's GATEHOUSE_WEBHOOK_ALLOW_PRIVATE: connect to any address. */
  allowPrivate: boolean;
}

// What of an answer's body is kept: enough to tell an error page from another.
const EXCERPT_BYTES = 200;

/**
 * POSTs a webhook. The connection goes only to a public address unless
 * `allowPrivate` (an IP literal is checked before connecting, a host name by
 * the lookup of the socket itself: see `guardedLookup`); redirects are not
 * followed (a 3xx is a failure); the answer's body is read only for a short
 * excerpt; after `timeoutMs` the request is abandoned. Never rejects:
 * failures are results. Aborting `signal` abandons the request and resolves
 * null: the attempt did not end, and is not to be recorded.
 */
export function postWebhook(post: WebhookPost, opts: PostOptions, signal?: AbortSignal): Promise<PostResult | null> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(post.url);
    } catch {
      resolve({ ok: false, status: null, error: "the URL does not parse" });
      return;
    }
    const host = url.hostname.replace(/^\[|\]$/g, "");
    // A literal address is connected to without a lookup: check it here.
    if (!opts.allowPrivate && (ipaddr.IPv4.isValidFourPartDecimal(host) || ipaddr.IPv6.isValid(host))) {
      const reason = forbiddenAddressReason(host);
      if (reason) {
        resolve({ ok: false, status: null, error: `refused: ${reason}` });
        return;
      }
    }
    const send = url.protocol === "https:" ? httpsRequest : url.protocol === "http:" ? httpRequest : undefined;
    if (!send) {
      resolve({ ok: false, status: null, error: `${url.protocol} is not http: or https:` });
      return;
    }
    let settled = false;
    const finish = (result: PostResult | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", aborted);
      req.destroy();
      resolve(result);
    };
    const req = send(url, {
      method: "POST",
      headers: { ...post.headers, "content-length": String(Buffer.byteLength(post.body)) },
      // A fresh connection each time, so every connection goes through the guarded lookup.
      agent: false,
      lookup: guardedLookup(opts.allowPrivate),
    });
    const timer = setTimeout(() => finish({ ok: false, status: null, error: `no answer within ${opts.timeoutMs / 1000} s` }), opts.timeoutMs);
    const aborted = () => finish(null);
    signal?.addEventListener("abort", aborted, { once: true });
    req.on("error", (err: NodeJS.ErrnoException) => finish({ ok: false, status: null, error: describe(err) }));
    req.on("response", (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) {
        res.resume();
        finish({ ok: true, status, error: null });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => finish({ ok: false, status, error: failure(status, Buffer.concat(chunks).subarray(0, EXCERPT_BYTES)) });
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= EXCERPT_BYTES) done();
      });
      res.on("end", done);
      res.on("error", done);
    });
    req.end(post.body);
  });
}

function failure(status: number, excerpt: Buffer): string {
  const redirect = status >= 300 && status < 400 ? " (redirects are not followed)" : "";
  // Control characters would garble a listing or a log line.
  const text = excerpt.toString("utf8").replace(/[\p{Cc}\ufffd]+/gu, " ").trim();
  return `HTTP ${status}${redirect}${text ? `: ${text}` : ""}`;
}

function describe(err: NodeJS.ErrnoException): string {
  if (err.name === "TargetRefusedError") return err.message;
  switch (err.code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "the host does not resolve";
    case "ECONNREFUSED":
      return "connection refused";
    case "ECONNRESET":
      return "connection reset";
    case "ETIMEDOUT":
      return "connection timed out";
    default:
      return err.code ? `${err.code}: ${err.message}` : err.message;
  }
}

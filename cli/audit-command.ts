import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { checkAnchors, parseAuditAnchor } from "../lib/audit/audit-anchor.js";
import { checkLink } from "../lib/audit/audit-chain.js";
import type { AuditHead } from "../lib/audit/audit-event.js";
import type { ApiTarget } from "./keys-command.js";

const USAGE = `usage:
  gatehouse audit export                 the workspace's audit trail, one JSON event a line, to stdout
  gatehouse audit verify                 checks the hash chain of the deployment's trail
  gatehouse audit verify --file PATH     checks an exported trail (no network)
  … verify [--file PATH] --anchor A      also checks that the trail still holds an anchor: SEQ:HASH or a
                                         decision token (its audit_head claim); repeatable
(export and verify talk to GATEHOUSE_URL with GATEHOUSE_API_KEY, which needs audit:read)`;

// The largest page the API serves: fewest round trips for a whole trail.
const PAGE = 1000;

/** The workspace's events from the first, a page at a time, through `GET /v1/audit/events`. */
async function* fetchEvents(target: ApiTarget): AsyncGenerator<unknown> {
  let cursor: string | null = null;
  do {
    const url = new URL("/v1/audit/events", target.url);
    url.searchParams.set("limit", String(PAGE));
    if (cursor !== null) url.searchParams.set("cursor", cursor);
    const res = await fetch(url, { headers: { authorization: `Bearer ${target.apiKey}` } });
    const body = (await res.json()) as { events?: unknown[]; next_cursor?: string | null; code?: string; message?: string };
    if (!res.ok) throw new Error(`${res.status} ${body.code ?? ""}: ${body.message ?? ""}`.trim());
    yield* body.events ?? [];
    cursor = body.next_cursor ?? null;
  } while (cursor !== null);
}

/** The lines of an export, each parsed; a line that is not JSON is passed on as its text, for the verifier to reject. */
async function* readExport(path: string): AsyncGenerator<unknown> {
  const lines = createInterface({ input: createReadStream(path, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    try {
      yield JSON.parse(line);
    } catch {
      yield line;
    }
  }
}

/**
 * `gatehouse audit …`: exports the workspace's audit trail as JSON lines, or
 * verifies its hash chain — the deployment's, or an export's with `--file` —
 * with the same code the tests use, and that it still holds each `--anchor`
 * (a head it once had). Resolves the exit code: 0 when the chain holds; 1
 * when it does not, after writing to `err` the seq of the first event whose
 * hash does not hold (or that is missing), or of the anchor it lost, and why.
 */
export async function auditCommand(args: string[], target: ApiTarget, out: (s: string) => void, err: (s: string) => void): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === "export" && rest.length === 0) {
    for await (const event of fetchEvents(target)) out(JSON.stringify(event));
    return 0;
  }
  if (sub === "verify") {
    const { values } = parseArgs({ args: rest, options: { file: { type: "string" }, anchor: { type: "string", multiple: true } } });
    const anchors = (values.anchor ?? []).map(parseAuditAnchor).filter((a): a is AuditHead => a !== null);
    const anchored = new Set(anchors.map((a) => a.seq));
    const hashes = new Map<number, string>();
    const source = values.file === undefined ? fetchEvents(target) : readExport(values.file);
    let head: AuditHead | null = null;
    for await (const event of source) {
      const link = checkLink(head, event);
      if (!link.ok) {
        err(`audit chain broken at seq ${link.seq}: ${link.reason}`);
        return 1;
      }
      head = link.head;
      if (anchored.has(head.seq)) hashes.set(head.seq, head.hash);
    }
    const unanchored = checkAnchors(anchors, (seq) => hashes.get(seq), head?.seq ?? 0);
    if (unanchored) {
      err(`audit chain does not hold its anchor at seq ${unanchored.seq}: ${unanchored.reason}`);
      return 1;
    }
    const held = anchors.length > 0 ? `; ${anchors.length} anchor${anchors.length > 1 ? "s" : ""} held` : "";
    out(head === null ? `audit chain holds: no events${held}` : `audit chain holds: ${head.seq} events, head seq ${head.seq} hash ${head.hash}${held}`);
    return 0;
  }
  throw new Error(USAGE);
}

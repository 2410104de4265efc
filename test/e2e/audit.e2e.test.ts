import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeJwt } from "jose";
import { MongoClient } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCommand } from "../../cli/audit-command.js";
import { auditEventHash, verifyAuditChain } from "../../lib/audit/audit-chain.js";
import type { AuditEvent } from "../../lib/audit/audit-event.js";
import { AUDIT_DB_FILE } from "../../lib/audit/open-audit-log.js";
import { openSqlite } from "../../lib/db/sqlite.js";
import { e2eEngines, startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";
import { testMongoUri } from "../support/store-engines.js";

const REPO = join(import.meta.dirname, "..", "..");

const FIELDS = ["type", "at", "actor_key_id", "actor_subject", "resource_type", "resource_id", "data", "prev_hash", "hash"] as const;

/** Rewrites the stored trail behind the server's back, as an intruder with access to the database would. */
interface Tamperer {
  /** Sets one stored field (a column of the row / a member of the document) of event `seq`. */
  set(seq: number, field: (typeof FIELDS)[number], value: string): Promise<void>;
  remove(seq: number): Promise<void>;
  /** Swaps everything but the seq of two stored events: the events trade places. */
  swap(a: number, b: number): Promise<void>;
  /** Puts the trail back as it was when `snapshot` was taken. */
  snapshot(): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

function sqliteTamperer(dataDir: string): Tamperer {
  const db = openSqlite(join(dataDir, AUDIT_DB_FILE));
  const row = (seq: number) => db.prepare("SELECT * FROM audit_events WHERE workspace_id = 'default' AND seq = ?").get(seq) as Record<string, unknown>;
  const write = (seq: number, r: Record<string, unknown>) =>
    db.prepare(`UPDATE audit_events SET ${FIELDS.map((f) => `${f} = @${f}`).join(", ")} WHERE workspace_id = 'default' AND seq = @seq`).run({ ...r, seq });
  return {
    async set(seq, field, value) {
      db.prepare(`UPDATE audit_events SET ${field} = ? WHERE workspace_id = 'default' AND seq = ?`).run(value, seq);
    },
    async remove(seq) {
      db.prepare("DELETE FROM audit_events WHERE workspace_id = 'default' AND seq = ?").run(seq);
    },
    async swap(a, b) {
      const [ra, rb] = [row(a), row(b)];
      write(a, rb);
      write(b, ra);
    },
    async snapshot() {
      const rows = db.prepare("SELECT * FROM audit_events").all() as Record<string, unknown>[];
      return async () => {
        db.prepare("DELETE FROM audit_events").run();
        const insert = db.prepare(`INSERT INTO audit_events (workspace_id, seq, ${FIELDS.join(", ")}) VALUES (@workspace_id, @seq, ${FIELDS.map((f) => `@${f}`).join(", ")})`);
        for (const r of rows) insert.run(r);
      };
    },
    async close() {
      db.close();
    },
  };
}

async function mongoTamperer(uri: string): Promise<Tamperer> {
  const conn = await new MongoClient(uri).connect();
  const events = conn.db().collection<Record<string, unknown>>("audit_events");
  const doc = async (seq: number) => (await events.findOne({ workspace_id: "default", seq }))!;
  const fieldsOf = (d: Record<string, unknown>) => Object.fromEntries(FIELDS.map((f) => [f, d[f]]));
  return {
    async set(seq, field, value) {
      await events.updateOne({ workspace_id: "default", seq }, { $set: { [field]: value } });
    },
    async remove(seq) {
      await events.deleteOne({ workspace_id: "default", seq });
    },
    async swap(a, b) {
      const [da, db] = [await doc(a), await doc(b)];
      await events.updateOne({ workspace_id: "default", seq: a }, { $set: fieldsOf(db) });
      await events.updateOne({ workspace_id: "default", seq: b }, { $set: fieldsOf(da) });
    },
    async snapshot() {
      const docs = await events.find({}).toArray();
      return async () => {
        await events.deleteMany({});
        await events.insertMany(docs);
      };
    },
    async close() {
      await conn.close();
    },
  };
}

/** Runs `gatehouse audit …` in-process: its exit code and what it wrote. */
async function audit(gh: TestGatehouse, key: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await auditCommand(args, { url: gh.url, apiKey: key }, (s) => out.push(s), (s) => err.push(s));
  return { code, out, err: err.join("\n") };
}

for (const engine of e2eEngines()) {
  describe(`the audit trail (${engine})`, () => {
    let gh: TestGatehouse;
    let tamper: Tamperer;
    let dataDir: string;
    let mongoUri: string | undefined;
    let auditor: string;
    let alice: string;
    let workDir: string;
    const secrets: string[] = [];
    let token: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), "gatehouse-audit-"));
      workDir = mkdtempSync(join(tmpdir(), "gatehouse-audit-export-"));
      const env: Record<string, string> = { GATEHOUSE_DATA_DIR: dataDir, GATEHOUSE_WEBHOOK_ALLOW_PRIVATE: "true" };
      if (engine === "mongodb") {
        const u = new URL(testMongoUri()!);
        u.pathname = `/gh_audit_${randomBytes(6).toString("hex")}`;
        mongoUri = env.GATEHOUSE_MONGODB_URI = u.toString();
      }
      gh = await startGatehouse({ env });
      tamper = mongoUri ? await mongoTamperer(mongoUri) : sqliteTamperer(dataDir);

      // A day of administration and decisions, each of which the trail must record.
      const admin = client(gh.url, gh.adminKey);
      auditor = await createKey(gh.url, gh.adminKey, { name: "auditor", scopes: ["audit:read"] });
      alice = await createKey(gh.url, gh.adminKey, { name: "alice", subject: "alice", scopes: ["govern:checkpoints:decide", "govern:checkpoints:read"] });
      secrets.push(auditor, alice, gh.adminKey);
      const policy = await admin.post("/v1/policies", { name: "payments need alice", outcome: "review", reviewers: ["alice"], match: { actions: ["payments.*"] } });
      expect(policy.status).toBe(201);
      expect((await admin.patch(`/v1/policies/${policy.body.policy.id}`, { description: "reviewed by finance" })).status).toBe(200);
      const rule = await admin.post("/v1/secure/rules", { name: "no card numbers", type: "data_pattern", data_categories: ["credit_card"] });
      expect(rule.status).toBe(201);
      expect((await admin.patch(`/v1/secure/rules/${rule.body.rule.id}`, { status: "active" })).status).toBe(200);
      const hook = await admin.post("/v1/webhooks", { url: "http://127.0.0.1:9/hooks/s3cr3t-path", events: ["checkpoint.decided"] });
      expect(hook.status).toBe(201);
      secrets.push(hook.body.secret, "s3cr3t-path");
      const cp = await admin.post("/v1/checkpoints", { action: "payments.send", payload: { iban: "DE89370400440532013000", amount: 4200 } });
      expect(cp.body.status).toBe("pending");
      secrets.push("DE89370400440532013000");
      const voted = await client(gh.url, alice).post(`/v1/checkpoints/${cp.body.checkpoint_id}/decisions`, { decision: "approve", reason: "invoice 7 checked" });
      expect(voted.body.status).toBe("approved");
      token = voted.body.decision_token;
      secrets.push("invoice 7 checked");
      const other = await admin.post("/v1/checkpoints", { action: "payments.refund" });
      expect((await admin.post(`/v1/checkpoints/${other.body.checkpoint_id}/cancel`, { reason: "duplicate" })).status).toBe(200);
      expect((await admin.send("DELETE", `/v1/webhooks/${hook.body.webhook.id}`)).status).toBe(204);
    }, 60_000);

    afterAll(async () => {
      await tamper?.close();
      await gh?.close();
      if (mongoUri) {
        const conn = await new MongoClient(mongoUri).connect();
        await conn.db().dropDatabase();
        await conn.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(workDir, { recursive: true, force: true });
    });

    it("GET /v1/audit/events lists every security-relevant change in order, with its actor, and no secret or raw payload", async () => {
      const res = await client(gh.url, auditor).get("/v1/audit/events");
      expect(res.status).toBe(200);
      const events = res.body.events as AuditEvent[];
      expect(res.body.next_cursor).toBeNull();
      expect(events.map((e) => e.type)).toEqual([
        "workspace.created",
        "bootstrap",
        "signing_key.rotated",
        "key.created",
        "key.created",
        "policy.created",
        "policy.updated",
        "rule.created",
        "rule.updated",
        "webhook.created",
        "checkpoint.created",
        "checkpoint.voted",
        "checkpoint.decided",
        "decision_token.issued",
        "checkpoint.created",
        "checkpoint.cancelled",
        "decision_token.issued",
        "webhook.deleted",
      ]);
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
      expect(events[0]!.actor).toEqual({ key_id: null, subject: "gatehouse" });
      const voted = events.find((e) => e.type === "checkpoint.voted")!;
      expect(voted.actor).toMatchObject({ subject: "alice", key_id: expect.stringMatching(/^key_/) });
      expect(voted.data).toMatchObject({ subject: "alice", decision: "approve", reason_sha256: expect.any(String) });
      expect(events.find((e) => e.type === "policy.updated")!.data).toMatchObject({ version: 2, changed: ["description"] });
      expect(events.find((e) => e.type === "rule.updated")!.data).toMatchObject({ version: 2, changed: ["status"], status: "active" });
      expect(events.find((e) => e.type === "webhook.created")!.data).toMatchObject({ host: "127.0.0.1:9", events: ["checkpoint.decided"] });
      const issued = events.find((e) => e.type === "decision_token.issued")!;
      expect(issued.data).toMatchObject({ status: "approved", jti: decodeJwt(token).jti });
      const wire = JSON.stringify(res.body);
      for (const secret of secrets) expect(wire).not.toContain(secret);
      expect(verifyAuditChain(events)).toMatchObject({ ok: true, count: events.length });

      // The decision token anchors the trail: its audit_head is an event of the trail, as it was hashed.
      const head = decodeJwt(token).audit_head as { seq: number; hash: string };
      expect(events[head.seq - 1]!.hash).toBe(head.hash);
      // It was signed before the vote that settled the checkpoint was recorded.
      expect(events[head.seq - 1]!.type).toBe("checkpoint.created");
    });

    it("filters by type, resource and time, pages by cursor, and needs audit:read", async () => {
      const auditorApi = client(gh.url, auditor);
      const keys = await auditorApi.get("/v1/audit/events?type=key.created,bootstrap&limit=2");
      expect(keys.body.events.map((e: AuditEvent) => [e.seq, e.type])).toEqual([[2, "bootstrap"], [4, "key.created"]]);
      const next = await auditorApi.get(`/v1/audit/events?type=key.created,bootstrap&limit=2&cursor=${keys.body.next_cursor}`);
      expect(next.body.events.map((e: AuditEvent) => e.seq)).toEqual([5]);
      expect(next.body.next_cursor).toBeNull();
      const all = (await auditorApi.get("/v1/audit/events")).body.events as AuditEvent[];
      const cp = all.find((e) => e.type === "checkpoint.cancelled")!.resource;
      const about = await auditorApi.get(`/v1/audit/events?resource_type=checkpoint&resource_id=${cp.id}`);
      expect(about.body.events.map((e: AuditEvent) => e.type)).toEqual(["checkpoint.created", "checkpoint.cancelled", "decision_token.issued"]);
      const later = await auditorApi.get(`/v1/audit/events?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
      expect(later.body.events).toEqual([]);
      expect((await auditorApi.get("/v1/audit/events?limit=0")).body).toMatchObject({ statusCode: 400, code: "VALIDATION_ERROR" });
      const forbidden = await client(gh.url, alice).get("/v1/audit/events");
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.message).toContain("audit:read");
      await expect(audit(gh, alice, "export")).rejects.toThrow("403 FORBIDDEN: missing scope audit:read");
      await expect(audit(gh, alice, "verify")).rejects.toThrow("403 FORBIDDEN");
    });

    it("`gatehouse audit export` writes the trail as JSON lines that `audit verify --file` accepts, and catches an edited, deleted or moved line at its seq", async () => {
      const exported = await audit(gh, auditor, "export");
      expect(exported.code).toBe(0);
      const lines = exported.out;
      expect(lines.length).toBe(18);
      expect(lines.map((l) => (JSON.parse(l) as AuditEvent).seq)).toEqual(lines.map((_, i) => i + 1));
      const file = join(workDir, "audit.jsonl");
      writeFileSync(file, lines.join("\n") + "\n");
      expect(await audit(gh, "", "verify", "--file", file)).toMatchObject({ code: 0, out: [`audit chain holds: 18 events, head seq 18 hash ${JSON.parse(lines[17]!).hash}`] });

      const variant = async (name: string, edited: string[]) => {
        const path = join(workDir, name);
        writeFileSync(path, edited.join("\n") + "\n");
        return audit(gh, "", "verify", "--file", path);
      };
      const edit = (i: number, change: (e: AuditEvent) => void) =>
        lines.map((l, j) => {
          if (j !== i) return l;
          const e = JSON.parse(l) as AuditEvent;
          change(e);
          return JSON.stringify(e);
        });
      const edited = await variant("edited.jsonl", edit(11, (e) => (e.data.decision = "reject")));
      expect(edited).toMatchObject({ code: 1, err: "audit chain broken at seq 12: hash of event 12 does not match its content" });
      expect(await variant("actor.jsonl", edit(5, (e) => (e.actor.subject = "mallory")))).toMatchObject({ code: 1, err: expect.stringContaining("at seq 6:") });
      expect(await variant("deleted.jsonl", lines.filter((_, j) => j !== 8))).toMatchObject({ code: 1, err: expect.stringMatching(/^audit chain broken at seq 9: event 9 is missing/) });
      const moved = [...lines];
      [moved[3], moved[4]] = [moved[4]!, moved[3]!];
      expect(await variant("moved.jsonl", moved)).toMatchObject({ code: 1, err: expect.stringContaining("at seq 4:") });
      expect(await variant("garbled.jsonl", lines.map((l, j) => (j === 2 ? l.slice(0, 20) : l)))).toMatchObject({ code: 1, err: "audit chain broken at seq 3: event 3 is malformed" });

      // The command itself: exit status and message, from a real process.
      const run = (path: string) =>
        spawnSync(process.execPath, ["--import", "tsx", "cli/main.ts", "audit", "verify", "--file", path], { cwd: REPO, env: { PATH: process.env.PATH ?? "" }, encoding: "utf8", timeout: 30_000 });
      const good = run(file);
      expect(good.status).toBe(0);
      expect(good.stdout).toContain("audit chain holds: 18 events");
      const bad = run(join(workDir, "edited.jsonl"));
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain("audit chain broken at seq 12");
    }, 60_000);

    it("`gatehouse audit verify` against the deployment catches an event edited, deleted or moved in the store at its seq", async () => {
      expect(await audit(gh, auditor, "verify")).toMatchObject({ code: 0, out: [expect.stringContaining("audit chain holds: 18 events")] });
      const restore = await tamper.snapshot();
      try {
        await tamper.set(13, "data", JSON.stringify({ status: "rejected", reason_sha256: null }));
        expect(await audit(gh, auditor, "verify")).toMatchObject({ code: 1, err: "audit chain broken at seq 13: hash of event 13 does not match its content" });
        await restore();
        await tamper.set(7, "actor_subject", "mallory");
        expect(await audit(gh, auditor, "verify")).toMatchObject({ code: 1, err: expect.stringContaining("at seq 7:") });
        await restore();
        await tamper.remove(10);
        expect(await audit(gh, auditor, "verify")).toMatchObject({ code: 1, err: expect.stringMatching(/^audit chain broken at seq 10: event 10 is missing/) });
        await restore();
        await tamper.swap(15, 16);
        expect(await audit(gh, auditor, "verify")).toMatchObject({ code: 1, err: expect.stringContaining("at seq 15:") });
        await restore();
        await tamper.remove(18);
        await tamper.set(3, "data", "not json");
        expect(await audit(gh, auditor, "verify")).toMatchObject({ code: 1, err: expect.stringContaining("at seq 3:") });
      } finally {
        await restore();
      }
      expect(await audit(gh, auditor, "verify")).toMatchObject({ code: 0 });
    }, 60_000);

    it("an anchor catches a trail cut short, or rewritten from some event on, which the chain alone cannot", async () => {
      const events = (await client(gh.url, auditor).get("/v1/audit/events")).body.events as AuditEvent[];
      const head = events.at(-1)!;
      const anchor = (decodeJwt(token).audit_head as { seq: number }).seq;
      const restore = await tamper.snapshot();
      try {
        // Cut short: what is left is a whole chain.
        await tamper.remove(head.seq);
        expect(await audit(gh, auditor, "verify")).toMatchObject({ code: 0 });
        expect(await audit(gh, auditor, "verify", "--anchor", `${head.seq}:${head.hash}`)).toMatchObject({
          code: 1,
          err: `audit chain does not hold its anchor at seq ${head.seq}: the trail ends at seq ${head.seq - 1}, before anchored event ${head.seq}`,
        });
        await restore();
        // Rewritten: event 6 changed and every hash from there on recomputed.
        let prev = events[4]!.hash;
        for (const e of events.slice(5)) {
          const changed = { ...e, prev_hash: prev, actor: e.seq === 6 ? { ...e.actor, subject: "mallory" } : e.actor };
          const hash = auditEventHash(changed);
          if (e.seq === 6) await tamper.set(6, "actor_subject", "mallory");
          await tamper.set(e.seq, "prev_hash", prev);
          await tamper.set(e.seq, "hash", hash);
          prev = hash;
        }
        expect(await audit(gh, auditor, "verify")).toMatchObject({ code: 0 });
        expect(await audit(gh, auditor, "verify", "--anchor", token)).toMatchObject({
          code: 1,
          err: `audit chain does not hold its anchor at seq ${anchor}: event ${anchor} is not the anchored one (its hash differs)`,
        });
      } finally {
        await restore();
      }
      expect(await audit(gh, auditor, "verify", "--anchor", token, "--anchor", `${head.seq}:${head.hash}`)).toMatchObject({ code: 0, out: [expect.stringContaining("; 2 anchors held")] });
      await expect(audit(gh, auditor, "verify", "--anchor", "12:nothex")).rejects.toThrow("neither SEQ:HASH nor a decision token");
    }, 60_000);
  });
}

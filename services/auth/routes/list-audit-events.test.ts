import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { verifyAuditChain } from "../../../lib/audit/audit-chain.js";
import type { AuditEvent as ChainEvent } from "../../../lib/audit/audit-event.js";
import type { AuditEvent } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { rpcError, startAuthHarness, TEST_ADMIN_SECRET, type AuthHarness } from "../../../test/support/auth-test-harness.js";

function chainEvent(e: AuditEvent): ChainEvent {
  return {
    seq: Number(e.seq),
    type: e.type,
    at: e.at,
    actor: { key_id: e.actor?.keyId ?? null, subject: e.actor?.subject ?? "" },
    resource: { type: e.resource?.type ?? "", id: e.resource?.id ?? "" },
    data: JSON.parse(e.dataJson) as ChainEvent["data"],
    prev_hash: e.prevHash,
    hash: e.hash,
  };
}

for (const engine of storeEngines()) {
  describe(`ListAuditEvents on ${engine.name}`, () => {
    const backend = engine.useBackend();
    let h: AuthHarness;
    beforeEach(async () => {
      h = await startAuthHarness(backend());
    });
    afterEach(() => h.close());

    it("records bootstrap, key and workspace changes with their actor and no secret, as a chain that verifies", async () => {
      h.clock.advance(1000);
      const created = await h.client.createKey({ caller: h.admin, name: "ci", scopes: ["audit:read"], subject: "ci-bot" });
      h.clock.advance(1000);
      await h.client.revokeKey({ caller: h.admin, id: created.key!.id });
      await h.client.revokeKey({ caller: h.admin, id: created.key!.id }); // a repetition changes nothing, so records nothing
      const { workspace } = await h.client.createWorkspace({ caller: h.admin, name: "Tenant" });

      const { events, nextCursor } = await h.client.listAuditEvents({ caller: h.admin });
      expect(nextCursor).toBe("");
      expect(events.map((e) => [Number(e.seq), e.type])).toEqual([
        [1, "workspace.created"],
        [2, "bootstrap"],
        [3, "signing_key.rotated"],
        [4, "key.created"],
        [5, "key.revoked"],
      ]);
      expect(events[0]!.actor).toMatchObject({ subject: "gatehouse" });
      expect(events[0]!.actor!.keyId).toBeUndefined();
      expect(JSON.parse(events[1]!.dataJson)).toMatchObject({ source: "GATEHOUSE_BOOTSTRAP_KEY", workspace_id: "default" });
      expect(events[3]!.actor).toMatchObject({ keyId: h.admin.keyId, subject: "bootstrap" });
      expect(events[3]!.resource).toMatchObject({ type: "key", id: created.key!.id });
      expect(JSON.parse(events[3]!.dataJson)).toEqual({ workspace_id: "default", name: "ci", subject: "ci-bot", scopes: ["audit:read"], allowed_ips: [] });
      const wire = JSON.stringify(events.map((e) => e.dataJson));
      expect(wire).not.toContain(created.secret);
      expect(wire).not.toContain(TEST_ADMIN_SECRET);
      expect(verifyAuditChain(events.map(chainEvent))).toMatchObject({ ok: true, count: 5 });

      // The new workspace's chain starts with its creation, by whoever created it.
      const tenant = await h.client.listAuditEvents({ caller: { ...h.admin, workspaceId: workspace!.id } });
      expect(tenant.events.map((e) => [Number(e.seq), e.type, e.actor?.subject])).toEqual([[1, "workspace.created", "bootstrap"]]);
    });

    it("pages by cursor and filters by type, resource and time", async () => {
      for (let i = 0; i < 4; i++) {
        h.clock.advance(1000);
        await h.client.createKey({ caller: h.admin, name: `k${i}`, scopes: ["audit:read"] });
      }
      const first = await h.client.listAuditEvents({ caller: h.admin, limit: 3 });
      expect(first.events.map((e) => Number(e.seq))).toEqual([1, 2, 3]);
      expect(first.nextCursor).toBe("3");
      const second = await h.client.listAuditEvents({ caller: h.admin, limit: 3, cursor: first.nextCursor });
      expect(second.events.map((e) => Number(e.seq))).toEqual([4, 5, 6]);
      const last = await h.client.listAuditEvents({ caller: h.admin, limit: 3, cursor: second.nextCursor });
      expect(last.events.map((e) => Number(e.seq))).toEqual([7]);
      expect(last.nextCursor).toBe("");

      const keys = await h.client.listAuditEvents({ caller: h.admin, types: ["key.created"], limit: 2 });
      expect(keys.events.map((e) => Number(e.seq))).toEqual([4, 5]);
      expect((await h.client.listAuditEvents({ caller: h.admin, types: ["key.created"], cursor: keys.nextCursor })).events.map((e) => Number(e.seq))).toEqual([6, 7]);
      const one = first.events[1]!.resource!;
      expect((await h.client.listAuditEvents({ caller: h.admin, resourceType: "key", resourceId: one.id })).events.map((e) => e.type)).toEqual(["bootstrap"]);
      const t0 = Date.parse(second.events[0]!.at);
      const window = await h.client.listAuditEvents({ caller: h.admin, since: timestampFromMs(t0), until: timestampFromMs(t0 + 2000) });
      expect(window.events.map((e) => Number(e.seq))).toEqual([4, 5]);
    });

    it("needs audit:read, and refuses a bad limit or cursor", async () => {
      const err = await rpcError(h.client.listAuditEvents({ caller: { ...h.admin, scopes: ["admin:keys:read"] } }));
      expect(err.code).toBe("FORBIDDEN");
      expect(err.message).toContain("audit:read");
      expect(await rpcError(h.client.listAuditEvents({ caller: h.admin, limit: 1001 }))).toMatchObject({ code: "VALIDATION_ERROR", field: "limit" });
      expect(await rpcError(h.client.listAuditEvents({ caller: h.admin, cursor: "abc" }))).toMatchObject({ code: "VALIDATION_ERROR", field: "cursor" });
      const types = Array.from({ length: 101 }, (_, i) => `t${i}`);
      expect(await rpcError(h.client.listAuditEvents({ caller: h.admin, types }))).toMatchObject({ code: "VALIDATION_ERROR", field: "types" });
    });
  });
}

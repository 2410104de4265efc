import { create } from "@bufbuild/protobuf";
import { createClient, type Client } from "@connectrpc/connect";
import { afterEach, beforeEach, describe } from "vitest";
import { createLocalJWKSet, jwtVerify, type JWTPayload } from "jose";
import { AuthService } from "../../gen/gatehouse/auth/v1/auth_pb.js";
import { CallerSchema, type Caller } from "../../gen/gatehouse/common/v1/common_pb.js";
import { GovernService } from "../../gen/gatehouse/govern/v1/govern_pb.js";
import { MemoryBroker } from "../../lib/bus/memory-broker.js";
import { MemoryEventBus } from "../../lib/bus/memory-event-bus.js";
import { systemClock, type Clock } from "../../lib/clock.js";
import type { StoreBackend } from "../../lib/db/backend.js";
import { openSqlite } from "../../lib/db/sqlite.js";
import { silentLogger } from "../../lib/logger.js";
import type { Component } from "../../lib/rpc/component.js";
import { RPC_PATHS, transportOver, type RpcPath } from "./rpc-paths.js";
import { storeEngines } from "./store-engines.js";
import { composeAuth } from "../../services/auth/compose.js";
import { composeGovern } from "../../services/govern/compose.js";
import type { ContentScanningClient } from "../../services/govern/app/content-scanner.js";

/** `iss` of the decision tokens the harness's auth service signs. */
export const TEST_ISSUER = "gatehouse-test";

/** What `startGovernHarness` may vary. */
export interface GovernHarnessOptions {
  /** The govern service's clock (the auth service always runs on the wall clock). */
  clock?: Clock;
  /** Expiry sweeper period; default one hour, so only tests that want a sweeper get one. */
  sweepIntervalMs?: number;
  /** How the clients reach the services; default `direct`. */
  path?: RpcPath;
  /** The secure service's scan, for gated policies; default none (such checkpoints are refused). */
  secure?: ContentScanningClient;
}

/** One govern replica: its client, its component and its bus. */
export interface GovernReplica {
  client: Client<typeof GovernService>;
  component: Component;
  bus: MemoryEventBus;
}

/** A govern service over a real auth service, both reached through in-process clients (see `RpcPath`). */
export interface GovernHarness extends GovernReplica {
  /** The govern store backend, for tests that look at stored state behind the service's back. */
  backend: StoreBackend;
  auth: Client<typeof AuthService>;
  /** How many decision tokens the auth service signed for the govern replicas. */
  signCalls(): number;
  /** Every checkpoint-change event published on the broker, in order. */
  events: Array<{ subject: string; event: { id: string; revision: number; status: string } }>;
  /** Starts another replica over the same store, auth service and broker. */
  replica(opts?: GovernHarnessOptions): Promise<GovernReplica>;
  /** Verifies a decision token against the auth service's JWKS. */
  verify(token: string, workspaceId: string, checkpointId: string): Promise<JWTPayload>;
  close(): Promise<void>;
}

/** A caller of `workspaceId` with reviewer identity `subject`. */
export function callerOf(workspaceId = "ws_a", subject = "alice", keyId = `key_${subject}`): Caller {
  return create(CallerSchema, { workspaceId, subject, keyId, scopes: [] });
}

/** Composes auth (on a private in-memory SQLite) and govern on `backend`. */
export async function startGovernHarness(backend: StoreBackend, opts: GovernHarnessOptions = {}): Promise<GovernHarness> {
  const logger = silentLogger();
  const path = opts.path ?? "direct";
  const authDb = openSqlite(":memory:");
  const authComponent = await composeAuth({ backend: { kind: "sqlite", db: authDb }, logger, issuer: TEST_ISSUER, tokenTtlSeconds: 3600 });
  const auth = createClient(AuthService, transportOver(path, authComponent.routes, logger));
  let signs = 0;
  const countingAuth: Client<typeof AuthService> = {
    ...auth,
    signDecision: (req, options) => {
      signs++;
      return auth.signDecision(req, options);
    },
  };
  const broker = new MemoryBroker();
  const events: GovernHarness["events"] = [];
  const spy = new MemoryEventBus({ logger, broker });
  spy.subscribe("govern.checkpoint.changed.>", (subject, event) => void events.push({ subject, event: event as never }));
  const replicas: GovernReplica[] = [];

  const replica = async (o: GovernHarnessOptions = opts): Promise<GovernReplica> => {
    const bus = new MemoryEventBus({ logger, broker });
    const component = await composeGovern({
      backend,
      bus,
      auth: countingAuth,
      secure: o.secure,
      logger,
      clock: o.clock ?? systemClock,
      sweepIntervalMs: o.sweepIntervalMs ?? 3_600_000,
      // Replicas share the broker, as production replicas share NATS.
      busReachesAll: true,
    });
    const client = createClient(GovernService, transportOver(o.path ?? path, component.routes, logger));
    const r = { client, component, bus };
    replicas.push(r);
    return r;
  };

  const first = await replica();
  return {
    ...first,
    backend,
    auth,
    events,
    signCalls: () => signs,
    replica,
    async verify(token, workspaceId, checkpointId) {
      const { keys } = await auth.getJwks({});
      const jwks = createLocalJWKSet({ keys: keys.map((k) => ({ kty: k.kty, crv: k.crv, x: k.x, y: k.y, kid: k.kid, alg: k.alg, use: k.use })) });
      const { payload } = await jwtVerify(token, jwks, {
        typ: "gatehouse-decision+jwt",
        issuer: TEST_ISSUER,
        audience: workspaceId,
        subject: checkpointId,
        algorithms: ["ES256"],
      });
      return payload;
    },
    async close() {
      for (const r of replicas) {
        await r.component.close();
        await r.bus.close();
      }
      await spy.close();
      await authComponent.close();
      authDb.close();
    },
  };
}

/**
 * Declares `body` once per store engine (SQLite, and MongoDB when configured)
 * and RPC path (over the Connect protocol and by direct calls), each test
 * getting a fresh backend and harness.
 */
export function onEveryEngine(opts: GovernHarnessOptions | (() => GovernHarnessOptions), body: (h: () => GovernHarness) => void): void {
  for (const engine of storeEngines()) {
    for (const path of RPC_PATHS) {
      describe(`on ${engine.name} via ${path}`, () => {
        const backend = engine.useBackend();
        let harness: GovernHarness | undefined;
        beforeEach(async () => {
          harness = await startGovernHarness(backend(), { ...(typeof opts === "function" ? opts() : opts), path });
        });
        afterEach(async () => {
          await harness?.close();
          harness = undefined;
        });
        body(() => harness!);
      });
    }
  }
}

export { rpcError } from "./rpc-error.js";

import { createClient, createRouterTransport } from "@connectrpc/connect";
import { expect, it } from "vitest";
import { AuthService } from "../../gen/gatehouse/auth/v1/auth_pb.js";
import { GovernService } from "../../gen/gatehouse/govern/v1/govern_pb.js";
import { MemoryEventBus } from "../../lib/bus/memory-event-bus.js";
import { openSqlite } from "../../lib/db/sqlite.js";
import { silentLogger } from "../../lib/logger.js";
import { composeGovern } from "./compose.js";

it("is ready while its store answers, reporting the bus apart: a bus outage does not take it out of service", async () => {
  const logger = silentLogger();
  const db = openSqlite(":memory:");
  const bus = new MemoryEventBus({ logger });
  const auth = createClient(AuthService, createRouterTransport(() => undefined));
  const govern = await composeGovern({ backend: { kind: "sqlite", db }, bus, auth, logger });
  expect(govern.serviceNames).toEqual([GovernService.typeName]);
  expect(await govern.ready()).toBe(true);
  expect(govern.busConnected?.()).toBe(true);
  await bus.close();
  expect(await govern.ready()).toBe(true);
  expect(govern.busConnected?.()).toBe(false);
  db.close();
  expect(await govern.ready()).toBe(false);
  await govern.close();
});

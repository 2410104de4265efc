import { createClient, createRouterTransport } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { RuleStatus, RuleType, SecureService } from "../../gen/gatehouse/secure/v1/secure_pb.js";
import { MemoryEventBus } from "../../lib/bus/memory-event-bus.js";
import { silentLogger } from "../../lib/logger.js";
import type { Component } from "../../lib/rpc/component.js";
import { storeEngines } from "../../test/support/store-engines.js";
import { composeSecure } from "./compose.js";

const client = (component: Component) => createClient(SecureService, createRouterTransport(component.routes));
const caller = { workspaceId: "ws_compose", keyId: "key_1" };

for (const engine of storeEngines()) {
  describe(`composeSecure on ${engine.name}`, () => {
    const backend = engine.useBackend();

    it("names the secure service and is ready when its store answers, reporting its bus apart", async () => {
      const component = await composeSecure({ backend: backend(), logger: silentLogger() });
      expect(component.serviceNames).toEqual([SecureService.typeName]);
      expect(await component.ready()).toBe(true);
      expect(component.busConnected).toBeUndefined();
      await component.close();
      const bus = new MemoryEventBus({ logger: silentLogger() });
      const withBus = await composeSecure({ backend: backend(), logger: silentLogger(), bus });
      expect(withBus.busConnected?.()).toBe(true);
      await bus.close();
      expect(await withBus.ready()).toBe(true);
      expect(withBus.busConnected?.()).toBe(false);
      await withBus.close();
    });

    it("writes buffered trigger counts on close, so a clean stop loses none", async () => {
      const first = await composeSecure({ backend: backend(), logger: silentLogger(), triggerFlushMs: 3_600_000 });
      const { rule } = await client(first).createRule({
        caller,
        rule: { name: "r", type: RuleType.PROMPT_PATTERN, status: RuleStatus.ACTIVE, customPatterns: ["kiwi"] },
      });
      await client(first).scan({ caller, content: "kiwi" });
      await client(first).scan({ caller, content: "kiwi kiwi" });
      expect((await client(first).getRule({ caller, id: rule!.id })).rule?.triggerCount).toBe(0n);
      await first.close();
      const second = await composeSecure({ backend: backend(), logger: silentLogger() });
      expect((await client(second).getRule({ caller, id: rule!.id })).rule).toMatchObject({ triggerCount: 2n, version: 1 });
      await second.close();
    });
  });
}

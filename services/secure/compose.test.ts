import { describe, expect, it } from "vitest";
import { SecureService } from "../../gen/gatehouse/secure/v1/secure_pb.js";
import { silentLogger } from "../../lib/logger.js";
import { storeEngines } from "../../test/support/store-engines.js";
import { composeSecure } from "./compose.js";

for (const engine of storeEngines()) {
  describe(`composeSecure on ${engine.name}`, () => {
    const backend = engine.useBackend();

    it("names the secure service and is ready when its store answers", async () => {
      const component = await composeSecure({ backend: backend(), logger: silentLogger() });
      expect(component.serviceNames).toEqual([SecureService.typeName]);
      expect(await component.ready()).toBe(true);
      await component.close();
    });
  });
}

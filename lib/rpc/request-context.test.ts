import { describe, expect, it } from "vitest";
import { internalCallInterceptor } from "./internal-call-interceptor.js";
import { currentRequestId, runInRequestContext } from "./request-context.js";

// The order matters: carrying, once started, lasts for the process (here, this file).
describe("request contexts", () => {
  it("are not kept until something that reads them is made", async () => {
    const seen = await runInRequestContext({ requestId: "req-1" }, async () => {
      await Promise.resolve();
      return currentRequestId();
    });
    expect(seen).toBeUndefined();
  });

  it("are carried through awaits once a networked client interceptor exists", async () => {
    internalCallInterceptor(undefined);
    const seen = await runInRequestContext({ requestId: "req-2" }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      return currentRequestId();
    });
    expect(seen).toBe("req-2");
    expect(currentRequestId()).toBeUndefined();
  });
});

import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { hangUpController, OperationContext } from "./operation-context.js";

function response(): ServerResponse {
  return new ServerResponse(new IncomingMessage(new Socket()));
}

function context(res: ServerResponse): OperationContext {
  return new OperationContext({} as never, undefined, undefined, undefined, {}, { headers: {} }, res);
}

describe("OperationContext", () => {
  it("aborts its signal when the client hangs up before the response is written", () => {
    const res = response();
    const ctx = context(res);
    const signal = ctx.signal;
    expect(signal.aborted).toBe(false);
    res.emit("close");
    expect(signal.aborted).toBe(true);
  });

  it("leaves the signal alone when the response was written", () => {
    const res = response();
    const signal = context(res).signal;
    res.end();
    res.emit("close");
    expect(signal.aborted).toBe(false);
  });

  it("makes one controller per response, shared by the handler and the gateway", () => {
    const res = response();
    const listeners = res.listenerCount("close");
    const ctx = context(res);
    expect(ctx.signal).toBe(hangUpController(res).signal);
    expect(ctx.signal).toBe(ctx.signal);
    expect(res.listenerCount("close")).toBe(listeners + 1);
  });

  it("keeps its getter on the prototype, not on each context", () => {
    const ctx = context(response());
    expect(Object.getOwnPropertyDescriptor(ctx, "signal")).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(OperationContext.prototype, "signal")?.get).toBeTypeOf("function");
  });
});

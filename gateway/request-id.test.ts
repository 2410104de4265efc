import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { requestIdGenerator } from "./request-id.js";

const request = (peer: string, id?: string) => ({ socket: { remoteAddress: peer }, headers: id ? { "x-request-id": id } : {} }) as unknown as IncomingMessage;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("requestIdGenerator", () => {
  it("keeps a trusted proxy's X-Request-Id", () => {
    expect(requestIdGenerator(["10.0.0.0/8"])(request("10.1.2.3", "edge-42"))).toBe("edge-42");
  });

  it("makes a random id for anybody else, and for a malformed id", () => {
    const gen = requestIdGenerator(["10.0.0.0/8"]);
    expect(gen(request("192.0.2.7", "forged"))).toMatch(UUID);
    expect(gen(request("10.1.2.3", "bad id\nwith newline"))).toMatch(UUID);
    expect(requestIdGenerator([])(request("127.0.0.1", "forged"))).toMatch(UUID);
    expect(gen(request("192.0.2.7"))).not.toBe(gen(request("192.0.2.7")));
  });
});

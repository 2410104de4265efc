import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { NotFoundError } from "../lib/errors.js";
import { type ErrorLogger, restErrorOf } from "./errors.js";

function recordingLogger() {
  const lines: string[] = [];
  const logger: ErrorLogger = {
    error: (_o, msg) => lines.push(`error ${msg}`),
    warn: (_o, msg) => lines.push(`warn ${msg}`),
    debug: (_o, msg) => lines.push(`debug ${msg}`),
  };
  return { logger, lines };
}

describe("restErrorOf", () => {
  it("keeps a domain error's code and message", () => {
    const { logger, lines } = recordingLogger();
    expect(restErrorOf(new NotFoundError("checkpoint", "cp_1"), logger).body).toEqual({ statusCode: 404, code: "NOT_FOUND", message: 'checkpoint "cp_1" not found' });
    expect(lines).toEqual([]);
  });

  it("answers 503 for an unavailable backend and warns, but only notes a call the gateway cancelled", () => {
    const { logger, lines } = recordingLogger();
    expect(restErrorOf(new ConnectError("down", Code.Unavailable), logger).body.statusCode).toBe(503);
    expect(restErrorOf(new ConnectError("the client went away", Code.Canceled), logger).body.statusCode).toBe(503);
    expect(lines).toEqual(["warn backend unavailable", "debug call cancelled"]);
  });

  it("hides an unexpected error behind a generic 500 and logs it", () => {
    const { logger, lines } = recordingLogger();
    expect(restErrorOf(new Error("secret internals"), logger).body).toEqual({ statusCode: 500, code: "INTERNAL", message: "internal error" });
    expect(lines).toEqual(["error unexpected error in gateway"]);
  });
});

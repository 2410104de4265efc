import { MongoNetworkError, MongoNetworkTimeoutError, MongoServerError, MongoServerSelectionError, MongoTopologyClosedError } from "mongodb";
import { describe, expect, it } from "vitest";
import { isDuplicateKeyError, isMongoUnavailableError } from "./mongo-errors.js";

describe("isMongoUnavailableError", () => {
  it("recognises the driver's connectivity errors, their subclasses, and the bare socket errors it lets through", () => {
    expect(isMongoUnavailableError(new MongoNetworkError("connection closed"))).toBe(true);
    expect(isMongoUnavailableError(new MongoNetworkTimeoutError("timed out"))).toBe(true);
    expect(isMongoUnavailableError(new MongoTopologyClosedError())).toBe(true);
    expect(isMongoUnavailableError(new MongoServerSelectionError("no server", { type: "Unknown", servers: new Map() } as never))).toBe(true);
    const epipe = Object.assign(new Error("This socket has been ended by the other party"), { code: "EPIPE" });
    expect(isMongoUnavailableError(epipe)).toBe(true);
  });

  it("leaves refusals of the operation and other bugs alone", () => {
    expect(isMongoUnavailableError(new MongoServerError({ message: "E11000 duplicate key", code: 11000 }))).toBe(false);
    expect(isMongoUnavailableError(new TypeError("x is undefined"))).toBe(false);
    expect(isMongoUnavailableError(undefined)).toBe(false);
    expect(isMongoUnavailableError({ name: "MongoNetworkError" })).toBe(false);
  });
});

describe("isDuplicateKeyError", () => {
  it("is the server's code 11000 and nothing else", () => {
    expect(isDuplicateKeyError(new MongoServerError({ message: "E11000 duplicate key", code: 11000 }))).toBe(true);
    expect(isDuplicateKeyError(new MongoServerError({ message: "other", code: 2 }))).toBe(false);
    expect(isDuplicateKeyError(null)).toBe(false);
  });
});

import { MongoNetworkError, MongoServerError } from "mongodb";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../config.js";
import { connectMongo, isMongoUnavailableError } from "./mongo.js";

describe("isMongoUnavailableError", () => {
  it("recognises the driver's connectivity errors and the bare socket errors it lets through", () => {
    expect(isMongoUnavailableError(new MongoNetworkError("connection closed"))).toBe(true);
    const epipe = Object.assign(new Error("This socket has been ended by the other party"), { code: "EPIPE" });
    expect(isMongoUnavailableError(epipe)).toBe(true);
  });

  it("leaves refusals of the operation and other bugs alone", () => {
    expect(isMongoUnavailableError(new MongoServerError({ message: "E11000 duplicate key", code: 11000 }))).toBe(false);
    expect(isMongoUnavailableError(new TypeError("x is undefined"))).toBe(false);
    expect(isMongoUnavailableError(undefined)).toBe(false);
  });
});

describe("connectMongo", () => {
  it("refuses a URI the driver cannot use with a ConfigError naming the variable", async () => {
    await expect(connectMongo("mongodb://127.0.0.1:1/db?readPreference=nonsense", { attempts: 1 })).rejects.toThrow(ConfigError);
    await expect(connectMongo("mongodb://127.0.0.1:1/db?readPreference=nonsense", { attempts: 1 })).rejects.toThrow(/GATEHOUSE_MONGODB_URI/);
  });
});

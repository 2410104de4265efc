import { describe, expect, it } from "vitest";
import { ConfigError } from "../config.js";
import { connectMongo } from "./mongo.js";

describe("connectMongo", () => {
  it("refuses a URI the driver cannot use with a ConfigError naming the variable", async () => {
    await expect(connectMongo("mongodb://127.0.0.1:1/db?readPreference=nonsense", { attempts: 1 })).rejects.toThrow(ConfigError);
    await expect(connectMongo("mongodb://127.0.0.1:1/db?readPreference=nonsense", { attempts: 1 })).rejects.toThrow(/GATEHOUSE_MONGODB_URI/);
  });
});

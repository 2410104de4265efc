import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { StoreBackend } from "../../lib/db/backend.js";
import { connectMongo, type MongoConnection } from "../../lib/db/mongo.js";
import { openSqlite, type SqliteDatabase } from "../../lib/db/sqlite.js";

/** The MongoDB server the MongoDB suites use, when they run. */
export function testMongoUri(): string | undefined {
  return process.env.GATEHOUSE_TEST_MONGODB_URI ?? (process.env.CI ? "mongodb://127.0.0.1:27017" : undefined);
}

/** The NATS server the NATS suites use, when they run. */
export function testNatsUrl(): string | undefined {
  return process.env.GATEHOUSE_TEST_NATS_URL ?? (process.env.CI ? "nats://127.0.0.1:4222" : undefined);
}

/** A storage engine a contract suite runs against. */
export interface StoreEngine {
  name: "sqlite" | "mongodb";
  /**
   * Registers hooks that give every test a fresh, empty backend (a new SQLite
   * file, or a new MongoDB database dropped afterwards) and returns its getter.
   */
  useBackend(): () => StoreBackend;
}

const sqliteEngine: StoreEngine = {
  name: "sqlite",
  useBackend() {
    let dir = "";
    let db: SqliteDatabase | undefined;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), "gatehouse-store-"));
      db = openSqlite(join(dir, "store.db"));
    });
    afterEach(() => {
      db?.close();
      rmSync(dir, { recursive: true, force: true });
    });
    return () => ({ kind: "sqlite", db: db! });
  },
};

function mongoEngine(uri: string): StoreEngine {
  return {
    name: "mongodb",
    useBackend() {
      let conn: MongoConnection | undefined;
      let backend: StoreBackend | undefined;
      beforeAll(async () => {
        // In CI an unreachable server fails the suite here: never a silent skip.
        conn = await connectMongo(uri, { attempts: 3 });
      });
      afterAll(async () => {
        await conn?.close();
      });
      beforeEach(() => {
        backend = { kind: "mongodb", db: conn!.client.db(`gh_test_${randomBytes(6).toString("hex")}`) };
      });
      afterEach(async () => {
        if (backend?.kind === "mongodb") await backend.db.dropDatabase();
      });
      return () => backend!;
    },
  };
}

/**
 * The engines every store contract suite runs against: SQLite always, and
 * MongoDB when `GATEHOUSE_TEST_MONGODB_URI` is set or under CI (where a
 * missing server is a failure, not a skip).
 */
export function storeEngines(): StoreEngine[] {
  const uri = testMongoUri();
  return uri ? [sqliteEngine, mongoEngine(uri)] : [sqliteEngine];
}

import { randomBytes } from "node:crypto";
import { type CommandStartedEvent, type Db, MongoClient } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testMongoUri } from "../../../test/support/store-engines.js";
import { checkpointFixture, creation, FIXTURE_T0 as T0, NO_EVENTS } from "../../../test/support/checkpoint-fixture.js";
import { CHECKPOINT_REVISIONS_COLLECTION, CHECKPOINTS_COLLECTION, MongoCheckpointStore } from "./mongo-checkpoint-store.js";

const uri = testMongoUri();

const checkpoint = (id: string) => checkpointFixture({ id, action: "deploy", payload: { n: 1 }, reason: "awaiting review", expiresAt: T0 + 60_000 });

/** The filters of the reads and writes a command sends (find, update, delete). */
function filtersOf(e: CommandStartedEvent): Record<string, unknown>[] {
  const c = e.command as Record<string, any>;
  if (c.find !== undefined) return [c.filter ?? {}];
  if (c.update !== undefined) return (c.updates as { q: Record<string, unknown> }[]).map((u) => u.q);
  if (c.delete !== undefined) return (c.deletes as { q: Record<string, unknown> }[]).map((d) => d.q);
  return [];
}

// What a checkpoint's create, read, vote and wait send to MongoDB: lookups
// and writes by _id only, the query every MongoDB serves from an index
// whatever the collection holds (a plan, checked on the commands themselves).
describe.skipIf(!uri)("MongoDB checkpoint store: the hot path is _id lookups", () => {
  let client: MongoClient;
  let db: Db;
  const commands: CommandStartedEvent[] = [];

  beforeAll(async () => {
    client = await MongoClient.connect(uri!, { monitorCommands: true, serverSelectionTimeoutMS: 5000 });
    db = client.db(`gatehouse_lookups_${randomBytes(4).toString("hex")}`);
    client.on("commandStarted", (e) => commands.push(e));
  });

  afterAll(async () => {
    await db?.dropDatabase();
    await client?.close();
  });

  it("creates, reads, votes on and re-reads a checkpoint by _id alone", async () => {
    const store = new MongoCheckpointStore(db);
    const cp = checkpoint("cp_00000000000000000000000042");
    await store.insert(cp, creation(cp));
    // Index creation is a one-time cost of the first write, not part of the path.
    commands.length = 0;
    const second = checkpoint("cp_00000000000000000000000043");
    await store.insert(second, creation(second));
    expect(await store.get("ws_a", cp.id)).toMatchObject({ status: "pending", revision: 1 });
    expect(await store.update({ ...cp, votes: [{ subject: "alice", decision: "approve", reason: null, at: T0 + 1 }], revision: 2 }, 1, NO_EVENTS)).toBe(true);
    expect(await store.update({ ...cp, status: "approved", decisionToken: "t", decidedAt: T0 + 2, revision: 3 }, 2, NO_EVENTS)).toBe(true);
    expect(await store.get("ws_a", cp.id)).toMatchObject({ status: "approved", revision: 3 });
    expect(await store.get("ws_b", cp.id)).toBeNull();

    const onCheckpoints = commands.filter((e) => {
      const c = e.command as Record<string, unknown>;
      const collection = c.find ?? c.update ?? c.delete ?? c.insert;
      return collection === CHECKPOINTS_COLLECTION || collection === CHECKPOINT_REVISIONS_COLLECTION;
    });
    expect(onCheckpoints.map((e) => e.commandName)).toEqual(expect.arrayContaining(["insert", "find", "update"]));
    for (const e of onCheckpoints) {
      for (const filter of filtersOf(e)) {
        // A projection update also checks the revision it replaces, after the _id lookup.
        expect(Object.keys(filter).filter((k) => k !== "revision"), `${e.commandName} ${JSON.stringify(filter)}`).toEqual(["_id"]);
        expect(typeof filter._id, JSON.stringify(filter)).toBe("string");
      }
    }
  });
});

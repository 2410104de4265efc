import { MongoClient, type Db } from "mongodb";

/** A connected MongoDB database and the client that owns it. */
export interface MongoConnection {
  client: MongoClient;
  db: Db;
  close(): Promise<void>;
}

/**
 * Connects to `uri`. The database is the one named in the URI's path, or
 * `fallbackDb` when the URI names none. Fails fast (5 s) when no server answers.
 */
export async function connectMongo(uri: string, fallbackDb = "gatehouse"): Promise<MongoConnection> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000, connectTimeoutMS: 5000 });
  await client.connect();
  const db = client.db(new URL(uri).pathname.replace(/^\//, "") || fallbackDb);
  return { client, db, close: () => client.close() };
}

/** True when `err` is MongoDB's duplicate-key error (a unique index refused a write). */
export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === 11000;
}

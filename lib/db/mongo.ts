import {
  type Db,
  MongoClient,
  MongoInvalidArgumentError,
  MongoParseError,
} from "mongodb";
import { ConfigError } from "../config.js";
import { type Logger, silentLogger } from "../logger.js";
import { StoreHealth } from "./store-health.js";

/** A connected MongoDB database and the client that owns it. */
export interface MongoConnection {
  client: MongoClient;
  db: Db;
  /** Reachability as operations and the driver's monitoring see it. */
  health: StoreHealth;
  close(): Promise<void>;
}

/** Options of `connectMongo`. */
export interface ConnectMongoOptions {
  /** Database when the URI names none. */
  fallbackDb?: string;
  /** Logs the wait for the first connection; silent when absent. */
  logger?: Logger;
  /** How many times to try the first connection (default: until it succeeds). */
  attempts?: number;
}

// An operation that finds no server gives up after this long, so that a store
// outage is a fast 503 rather than a hang (the first request of an outage
// pays it; the rest are refused at once while the store is known down).
const SERVER_SELECTION_TIMEOUT_MS = 750;
const MAX_BACKOFF_MS = 10_000;

/**
 * Connects to `uri`, waiting for the server with exponential backoff (0.5 s
 * up to 10 s) and logging which dependency and variable it waits for, so an
 * unreachable MongoDB at start delays the process instead of crashing it. A
 * malformed URI throws ConfigError naming GATEHOUSE_MONGODB_URI at once. The
 * database is the one named in the URI's path, or `fallbackDb`.
 */
export async function connectMongo(uri: string, opts: ConnectMongoOptions = {}): Promise<MongoConnection> {
  let client: MongoClient;
  try {
    client = new MongoClient(uri, {
      serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
      connectTimeoutMS: 5000,
      heartbeatFrequencyMS: 2000,
    });
  } catch (err) {
    // Whatever the driver refuses before connecting is the URI's fault.
    throw new ConfigError(`invalid configuration:\n  GATEHOUSE_MONGODB_URI: ${(err as Error).message}`);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await client.connect();
      break;
    } catch (err) {
      if (err instanceof MongoParseError || err instanceof MongoInvalidArgumentError) {
        throw new ConfigError(`invalid configuration:\n  GATEHOUSE_MONGODB_URI: ${err.message}`);
      }
      if (opts.attempts !== undefined && attempt >= opts.attempts) throw err;
      const retryInMs = Math.min(500 * 2 ** (attempt - 1), MAX_BACKOFF_MS);
      opts.logger?.warn(
        { dependency: "MongoDB", variable: "GATEHOUSE_MONGODB_URI", hosts: hostsOf(uri), attempt, retryInMs, reason: (err as Error).message },
        "waiting for MongoDB",
      );
      await new Promise((r) => setTimeout(r, retryInMs));
    }
  }
  const db = client.db(new URL(uri).pathname.replace(/^\//, "") || (opts.fallbackDb ?? "gatehouse"));
  const health = new StoreHealth(
    "mongodb",
    () => db.command({ ping: 1 }).then(() => true),
    opts.logger ?? silentLogger(),
  );
  // The driver notices a lost server (a closed socket, a failed heartbeat) before any request does.
  client.on("topologyDescriptionChanged", (event) => {
    if (!event.newDescription.hasKnownServers) health.markDown("no reachable MongoDB server");
    else health.markUp();
  });
  // A new connection that cannot be made says so sooner still: the driver
  // would retry it for a few hundred milliseconds per operation, and the
  // monitor learns of the loss only at its next heartbeat.
  client.on("connectionCheckOutFailed", (event) => {
    if (event.reason === "connectionError") health.markDown("cannot connect to MongoDB");
  });
  return {
    client,
    db,
    health,
    close: async () => {
      health.close();
      await client.close();
    },
  };
}

// Hosts only: the URI may carry a password.
function hostsOf(uri: string): string {
  return uri.replace(/^mongodb(\+srv)?:\/\//, "").replace(/^[^@/]*@/, "").split("/")[0] ?? "";
}

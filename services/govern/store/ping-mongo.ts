import type { Db } from "mongodb";

/** Resolves true when the MongoDB server answers a ping, false otherwise (never rejects). */
export async function pingMongo(db: Db): Promise<boolean> {
  try {
    await db.command({ ping: 1 });
    return true;
  } catch {
    return false;
  }
}

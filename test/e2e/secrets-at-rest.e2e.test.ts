import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqlite } from "../../lib/db/sqlite.js";
import { isSealed } from "../../lib/secret-seal.js";
import { startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client } from "../support/http.js";
import { startReceiver, verified } from "../support/webhook-receiver.js";

const KEY = "secrets-at-rest-test-key-0123456789abcdef";

// The secrets Gatehouse stores, read straight from its SQLite files.
function stored(dataDir: string): { webhookSecret: string; signingKey: string | null } {
  const govern = openSqlite(join(dataDir, "govern.db"));
  const auth = openSqlite(join(dataDir, "auth.db"));
  try {
    const { secret } = govern.prepare("SELECT secret FROM govern_webhooks").get() as { secret: string };
    const { private_jwk } = auth.prepare("SELECT private_jwk FROM auth_signing_keys ORDER BY generation DESC LIMIT 1").get() as { private_jwk: string | null };
    return { webhookSecret: secret, signingKey: private_jwk };
  } finally {
    govern.close();
    auth.close();
  }
}

describe("secrets at rest with GATEHOUSE_ENCRYPTION_KEY (SQLite files, restarts on one data directory)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-at-rest-"));
  const env = (key?: string): Record<string, string> => ({
    GATEHOUSE_DATA_DIR: dataDir,
    GATEHOUSE_WEBHOOK_ALLOW_PRIVATE: "true",
    GATEHOUSE_BOOTSTRAP_KEY: "gh_at_rest_admin_key_0123456789",
    ...(key ? { GATEHOUSE_ENCRYPTION_KEY: key } : {}),
  });
  let gh: TestGatehouse | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    // Registered before any key is set: stored as it is.
    gh = await startGatehouse({ env: env() });
    const created = await client(gh.url, "gh_at_rest_admin_key_0123456789").post("/v1/webhooks", { url: receiver.url, events: ["checkpoint.created"] });
    expect(created.status).toBe(201);
    secret = created.body.secret;
    await gh.close();
    gh = undefined;
    expect(stored(dataDir).webhookSecret).toBe(secret);
  });
  afterAll(async () => {
    await gh?.close();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("seals what was stored before the key at the next start, and still signs with the same secret", async () => {
    gh = await startGatehouse({ env: env(KEY) });
    const atRest = stored(dataDir);
    expect(isSealed(atRest.webhookSecret)).toBe(true);
    expect(atRest.webhookSecret).not.toContain(secret.slice("whsec_".length));
    expect(isSealed(atRest.signingKey!)).toBe(true);

    const cp = await client(gh.url, "gh_at_rest_admin_key_0123456789").post("/v1/checkpoints", { action: "deploy.prod" });
    expect(cp.status).toBe(201);
    const [delivery] = await receiver.atLeast(1);
    expect(verified(secret, delivery!)).toMatchObject({ type: "checkpoint.created", data: { checkpoint: { checkpoint_id: cp.body.checkpoint_id } } });
    await gh.close();
    gh = undefined;
  });

  it("refuses to start without the key that sealed them, naming the variable", async () => {
    await expect(startGatehouse({ env: env() })).rejects.toThrow(/GATEHOUSE_ENCRYPTION_KEY/);
    await expect(startGatehouse({ env: env(`${KEY}-another`) })).rejects.toThrow(/GATEHOUSE_ENCRYPTION_KEY/);
  });
});

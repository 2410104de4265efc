import { beforeEach, describe, expect, it } from "vitest";
import { openSqlite } from "../../../lib/db/sqlite.js";
import { silentLogger } from "../../../lib/logger.js";
import { isSealed, SecretSeal, SecretSealError, WEBHOOK_SECRET_SEAL } from "../../../lib/secret-seal.js";
import type { WebhookEndpoint } from "../domain/webhook-endpoint.js";
import { SqliteWebhookStore } from "../store/sqlite-webhook-store.js";
import { sealWebhookSecrets } from "./seal-webhook-secrets.js";
import { WebhookSecrets } from "./webhook-secrets.js";

const logger = silentLogger();
const KEY = "an-encryption-key-of-at-least-32-chars";
const sealing = () => new WebhookSecrets(new SecretSeal(KEY, WEBHOOK_SECRET_SEAL));

const endpoint = (id: string, workspaceId: string, secret: string): WebhookEndpoint => ({
  id,
  workspaceId,
  url: `https://hooks.example.com/${id}`,
  events: ["checkpoint.created"],
  description: null,
  secret,
  createdAt: Date.UTC(2026, 0, 1),
  disabledAt: null,
  disabledReason: null,
  lastSuccessAt: null,
});

describe("WebhookSecrets", () => {
  it("stores a secret as it is without a key, and sealed for its endpoint with one", () => {
    expect(new WebhookSecrets().toStored("whsec_a", "wh_1")).toBe("whsec_a");
    const stored = sealing().toStored("whsec_a", "wh_1");
    expect(isSealed(stored)).toBe(true);
    expect(stored).not.toContain("whsec_a");
    expect(sealing().fromStored(stored, "wh_1")).toBe("whsec_a");
    // Moved onto another endpoint's record it opens no more.
    expect(() => sealing().fromStored(stored, "wh_2")).toThrow(SecretSealError);
    // One stored before the key was set still signs.
    expect(sealing().fromStored("whsec_b", "wh_1")).toBe("whsec_b");
  });

  it("names the variable when a sealed secret meets no key or another one", () => {
    const stored = sealing().toStored("whsec_a", "wh_1");
    expect(() => new WebhookSecrets().fromStored(stored, "wh_1")).toThrow(/set GATEHOUSE_ENCRYPTION_KEY/);
    expect(() => new WebhookSecrets(new SecretSeal(`${KEY}-other`, WEBHOOK_SECRET_SEAL)).fromStored(stored, "wh_1")).toThrow(
      "GATEHOUSE_ENCRYPTION_KEY does not open the stored webhook signing secret",
    );
  });
});

describe("sealWebhookSecrets", () => {
  let store: SqliteWebhookStore;
  beforeEach(async () => {
    store = new SqliteWebhookStore(openSqlite(":memory:"));
    await store.insertEndpoint(endpoint("wh_1", "ws_a", "whsec_one"));
    await store.insertEndpoint(endpoint("wh_2", "ws_b", "whsec_two"));
  });

  it("seals, in every workspace, the secrets stored before a key was set, once", async () => {
    expect(await sealWebhookSecrets(store, sealing(), logger)).toBe(2);
    const stored = await store.listEndpoints();
    expect(stored.every((e) => isSealed(e.secret))).toBe(true);
    expect(stored.map((e) => sealing().fromStored(e.secret, e.id))).toEqual(["whsec_one", "whsec_two"]);
    expect(await sealWebhookSecrets(store, sealing(), logger)).toBe(0);
  });

  it("leaves secrets as they are without a key", async () => {
    expect(await sealWebhookSecrets(store, new WebhookSecrets(), logger)).toBe(0);
    expect((await store.listEndpoints()).map((e) => e.secret)).toEqual(["whsec_one", "whsec_two"]);
  });

  it("refuses to start when a sealed secret cannot be opened, rather than failing every delivery", async () => {
    await sealWebhookSecrets(store, sealing(), logger);
    await expect(sealWebhookSecrets(store, new WebhookSecrets(), logger)).rejects.toThrow(/set GATEHOUSE_ENCRYPTION_KEY/);
    await expect(sealWebhookSecrets(store, new WebhookSecrets(new SecretSeal(`${KEY}-other`, WEBHOOK_SECRET_SEAL)), logger)).rejects.toThrow(SecretSealError);
  });
});

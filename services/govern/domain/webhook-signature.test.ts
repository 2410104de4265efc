import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, webhookSignature } from "./webhook-signature.js";

describe("webhook signatures", () => {
  it("match the Standard Webhooks specification's example", () => {
    expect(webhookSignature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
  });

  it("verify with the standardwebhooks package, and fail for another secret, body, id or time", () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: "checkpoint.created", timestamp: new Date().toISOString(), data: { revision: 1 } });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = { "webhook-id": "msg_1", "webhook-timestamp": String(timestamp), "webhook-signature": webhookSignature(secret, "msg_1", timestamp, body) };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body + " ", headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "msg_2" })).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-timestamp": String(timestamp - 1) })).toThrow();
  });

  it("makes secrets of whsec_ and base64 of 32 random bytes, never twice the same", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), "base64")).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it("refuses a secret that is not one", () => {
    expect(() => webhookSignature("secret", "msg_1", 1, "{}")).toThrow(/whsec_/);
  });
});

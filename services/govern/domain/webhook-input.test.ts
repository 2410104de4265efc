import { describe, expect, it } from "vitest";
import { validateWebhookInput } from "./webhook-input.js";

const created = ["checkpoint.created"];
const fieldOf = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return (err as Error).message;
  }
  return "accepted";
};

describe("validateWebhookInput", () => {
  it("normalises the URL, drops repeated events and keeps the description", () => {
    expect(
      validateWebhookInput({ url: "https://Hooks.Example.com:8443/a?b=1", events: ["checkpoint.decided", "checkpoint.created", "checkpoint.decided"], description: "Slack" }, false),
    ).toEqual({ url: "https://hooks.example.com:8443/a?b=1", host: "hooks.example.com", events: ["checkpoint.decided", "checkpoint.created"], description: "Slack" });
  });

  it("refuses http:, other schemes, credentials and non-public literal addresses, naming url", () => {
    for (const url of [
      "",
      "hooks.example.com/x",
      "http://hooks.example.com/x",
      "ftp://hooks.example.com/x",
      "file:///etc/passwd",
      "https://user:pw@hooks.example.com/x",
      "https://127.0.0.1/x",
      "https://0x7f.1/x",
      "https://2130706433/x",
      "https://[::1]/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://169.254.169.254/x",
      `https://example.com/${"a".repeat(2000)}`,
    ]) {
      expect(fieldOf(() => validateWebhookInput({ url, events: created }, false)), url).toMatch(/^url: /);
    }
  });

  it("accepts http: and any address when the operator allows private targets", () => {
    expect(validateWebhookInput({ url: "http://127.0.0.1:9000/x", events: created }, true).host).toBe("127.0.0.1");
    expect(validateWebhookInput({ url: "http://[::1]:9000/x", events: created }, true).host).toBe("::1");
    expect(fieldOf(() => validateWebhookInput({ url: "ftp://127.0.0.1/x", events: created }, true))).toMatch(/^url: /);
  });

  it("needs one or more known event kinds", () => {
    expect(fieldOf(() => validateWebhookInput({ url: "https://example.com", events: [] }, false))).toMatch(/^events: /);
    expect(fieldOf(() => validateWebhookInput({ url: "https://example.com", events: ["checkpoint.created", "checkpoint.nope"] }, false))).toMatch(/^events\[1\]: /);
  });

  it("bounds the description", () => {
    expect(fieldOf(() => validateWebhookInput({ url: "https://example.com", events: created, description: "x".repeat(501) }, false))).toMatch(/^description: /);
  });
});

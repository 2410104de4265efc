import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConsole } from "../../scripts/build-console.js";
import { startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";
import { startReceiver, verified } from "../support/webhook-receiver.js";

/** Debian's chromium package; `.ci/run` installs it when missing. */
const CHROMIUM = "/usr/bin/chromium";
const haveChromium = existsSync(CHROMIUM);
const inCi = process.env.CI === "true";
/** Set to a directory to (re)write the README's screenshots of the console there. */
const SCREENSHOTS = process.env.GATEHOUSE_CONSOLE_SCREENSHOTS;
const CARD = "4111 1111 1111 1111";
const LIVE_MS = 10_000;

if (!haveChromium && !inCi) {
  console.warn(`console browser suite skipped: no ${CHROMIUM} (apt-get install chromium); under CI=true it fails instead`);
}

// Outside CI a machine without Chromium skips visibly; in CI the suite runs and fails at its first step.
describe.skipIf(!haveChromium && !inCi)("the console in a real browser (Chromium, Playwright)", () => {
  let dir: string;
  let gh: TestGatehouse;
  let browser: Browser;
  let agent: ReturnType<typeof client>;
  let aliceKey: string;
  let readerKey: string;

  beforeAll(async () => {
    if (!haveChromium) throw new Error(`no Chromium at ${CHROMIUM}: install Debian's chromium package (.ci/run does)`);
    dir = mkdtempSync(join(tmpdir(), "gatehouse-console-browser-"));
    const built = await buildConsole(join(dir, "console"));
    // The test's webhook receiver listens on loopback, which deliveries may reach only with the flag.
    gh = await startGatehouse({ env: { GATEHOUSE_CONSOLE_DIR: built.outDir, GATEHOUSE_WEBHOOK_ALLOW_PRIVATE: "true" } });
    agent = client(gh.url, gh.adminKey);
    const policy = await agent.post("/v1/policies", { name: "Payments", outcome: "review", reviewers: ["alice"], match: { actions: ["payments.*"] } });
    expect(policy.status, JSON.stringify(policy.body)).toBe(201);
    aliceKey = await createKey(gh.url, gh.adminKey, { name: "alice", subject: "alice", scopes: ["govern:checkpoints:read", "govern:checkpoints:decide"] });
    readerKey = await createKey(gh.url, gh.adminKey, { name: "rita", subject: "rita", scopes: ["govern:checkpoints:read"] });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"], headless: true });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await gh?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function signedIn(key: string, viewport = { width: 1280, height: 860 }): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto(`${gh.url}/console`);
    await page.getByLabel("API key").fill(key);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { level: 1, name: "Queue" }).waitFor();
    // The key is kept for the tab only: not in the URL, not in a cookie.
    expect(page.url()).not.toContain(key);
    expect(await context.cookies()).toEqual([]);
    // (A string: this file is type-checked for Node, where sessionStorage does not exist.)
    expect(await page.evaluate('sessionStorage.getItem("gatehouse.apiKey")')).toBe(key);
    (page as Page & { problems?: string[] }).problems = problems;
    return { context, page };
  }

  async function createCheckpoint(body: Record<string, unknown>): Promise<string> {
    const res = await agent.post("/v1/checkpoints", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status).toBe("pending");
    return res.body.checkpoint_id;
  }

  it("signs in, shows a new checkpoint live, masks its payload, and an approval with a reason reaches the agent's long-poll and a webhook", async () => {
    const receiver = await startReceiver();
    const hook = await agent.post("/v1/webhooks", { url: receiver.url, events: ["checkpoint.created", "checkpoint.decided"], description: "browser suite" });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const { context, page } = await signedIn(aliceKey);
    await page.getByText("Nothing is waiting for a decision.").waitFor();
    await page.getByText("Live", { exact: true }).waitFor({ timeout: LIVE_MS });

    const id = await createCheckpoint({
      action: "payments.send",
      agent_name: "billing-bot",
      payload: { amount: 12500, currency: "EUR", to: "ACME GmbH", card: CARD },
      context: "Quarterly invoice INV-2291 from ACME",
      reasoning: "The invoice matches the purchase order.",
    });
    // No reload: the row arrives from the event stream.
    const row = page.getByRole("link", { name: "payments.send" });
    await row.waitFor({ timeout: LIVE_MS });
    await expect.poll(() => page.locator(".queue-row").count()).toBe(1);
    await expect.poll(() => page.locator(".queue-row").first().textContent()).toContain("billing-bot");
    if (SCREENSHOTS) {
      await createCheckpoint({ action: "crm.export_contacts", agent_name: "sales-assistant", payload: { rows: 1200 } });
      await createCheckpoint({ action: "payments.refund", agent_name: "support-bot", payload: { amount: 80, order: "A-1042" } });
      await expect.poll(() => page.locator(".queue-row").count(), { timeout: LIVE_MS }).toBe(3);
      await shoot(page, "console-queue.png");
    }

    await row.click();
    await page.getByRole("heading", { level: 1, name: "payments.send" }).waitFor();
    const payload = page.getByLabel("Payload (JSON)");
    await expect.poll(() => payload.textContent()).toContain("<CREDIT_CARD_1>");
    expect(await page.content()).not.toContain("4111");
    await page.getByText("Quarterly invoice INV-2291 from ACME").waitFor();
    await page.getByText("Payments", { exact: true }).waitFor();
    if (SCREENSHOTS) await shoot(page, "console-checkpoint.png");

    const wait = client(gh.url, gh.adminKey).get(`/v1/checkpoints/${id}/wait?timeout=30`);
    await page.getByLabel("Reason").fill("Matches PO-7781");
    await page.getByRole("button", { name: "Approve" }).click();
    const answer = await wait;
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("approved");
    expect(answer.body.decision_token).toMatch(/^eyJ/);
    expect(answer.body.votes).toEqual([expect.objectContaining({ subject: "alice", decision: "approve", reason: "Matches PO-7781" })]);
    await page.getByText("Votes are closed").waitFor();

    // The webhook receiver got both events of this checkpoint, signed (Standard Webhooks).
    const deliveries = (await receiver.atLeast(2)).map((r) => verified(hook.body.secret, r));
    expect(deliveries.map((d) => [d.type, d.data.checkpoint.checkpoint_id, d.data.checkpoint.status])).toEqual([
      ["checkpoint.created", id, "pending"],
      ["checkpoint.decided", id, "approved"],
    ]);
    await receiver.close();

    // Back in the queue the decided row is marked, not yanked away.
    await page.getByRole("link", { name: "Queue", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Queue" }).waitFor();
    expect((page as Page & { problems?: string[] }).problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("tells a read-only key why it cannot vote", async () => {
    const id = await createCheckpoint({ action: "payments.send", agent_name: "billing-bot", payload: { amount: 9 } });
    const { context, page } = await signedIn(readerKey);
    await page.goto(`${gh.url}/console/checkpoints/${id}`);
    await page.getByText("this API key lacks the scope govern:checkpoints:decide").waitFor();
    expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Reject" }).count()).toBe(0);
    // A page the key has no scope for names the scope it lacks.
    await page.getByRole("link", { name: "Keys" }).click();
    await page.getByText("missing scope admin:keys:read").waitFor();
    await context.close();
  }, 60_000);

  it("creates a rule as a draft and shows its trial on sample text with the finding highlighted", async () => {
    const { context, page } = await signedIn(gh.adminKey);
    await page.getByRole("link", { name: "Rules" }).click();
    await page.getByRole("heading", { level: 1, name: "Rules" }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Project names");
    await page.getByLabel("Type").selectOption("prompt_pattern");
    await page.getByLabel("Patterns (one per line)").fill("project zephyr");
    await page.getByRole("button", { name: "Create draft" }).click();
    const card = page.locator("li.rule", { has: page.getByRole("heading", { name: "Project names" }) });
    await card.waitFor();
    expect(await card.locator(".badge").first().textContent()).toBe("draft");
    await card.getByRole("button", { name: "Try it" }).click();
    await card.getByLabel("Sample text").fill("Please summarise Project Zephyr for me");
    await card.getByRole("button", { name: "Try rule" }).click();
    await expect.poll(() => card.locator("mark").first().textContent(), { timeout: LIVE_MS }).toContain("Project Zephyr");
    if (SCREENSHOTS) await shoot(page, "console-rules.png");
    await card.getByRole("button", { name: "Activate" }).click();
    await expect.poll(() => card.locator(".badge").first().textContent()).toBe("active");
    await context.close();
  }, 60_000);

  async function shoot(page: Page, name: string) {
    const out = resolve(SCREENSHOTS!);
    mkdirSync(out, { recursive: true });
    await page.screenshot({ path: join(out, name), fullPage: false });
  }
});

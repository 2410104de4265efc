import { describe, expect, it } from "vitest";
import { compileScanPlan } from "./compile-scan-plan.js";
import { PROVIDER_TOKEN_FORMATS } from "./provider-token-formats.js";
import { aRule, scan } from "./scan-fixture.js";
import { isDiscordBotToken, isSasSignature, STRUCTURED_TOKEN_FORMATS } from "./structured-token-formats.js";
import { BASE64URL, SeededRandom } from "../../../../scripts/corpus/seeded-random.js";

// Fixtures are drawn here with a seeded generator: tokens of the right
// structure that no provider issued, the same on every run.
const random = new SeededRandom(20_261_127);
const chars = (n: number) => random.chars(BASE64URL, n);
const bytes = (n: number) => random.bytes(n);

// A snowflake: milliseconds since Discord's epoch (2015) in the top bits, 22 random low bits.
function snowflake(msSince2015: number): string {
  return ((BigInt(msSince2015) << 22n) | BigInt(random.int(0, 2 ** 22 - 1))).toString();
}
const DAY = 86_400_000;
function discordToken(id: string, hmacLength: number): string {
  return `${Buffer.from(id).toString("base64url")}.${chars(6)}.${chars(hmacLength)}`;
}
const sasSignature = () => encodeURIComponent(bytes(32).toString("base64"));

const plan = compileScanPlan([aRule("only_provider_token", { dataCategories: ["provider_token"] })]);
const found = (text: string, label: string) =>
  scan(plan, text)
    .matches.flatMap((m) => m.findings)
    .filter((f) => f.label === label)
    .map((f) => text.slice(f.start, f.end));

describe("structured token formats", () => {
  it("have IDs unique among the table's too, a provider and a label", () => {
    const ids = [...PROVIDER_TOKEN_FORMATS, ...STRUCTURED_TOKEN_FORMATS].map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of STRUCTURED_TOKEN_FORMATS) expect(f.provider && f.label, f.id).toBeTruthy();
  });

  it("Discord bot token: a snowflake user ID in base64url, a timestamp and an HMAC of 27 to 38 characters, wherever it stands", () => {
    const tokens = [
      discordToken(snowflake(40 * DAY), 27), // a 2015 bot: 17 digits
      discordToken(snowflake(1_100 * DAY), 38),
      discordToken(snowflake(3_500 * DAY), 38), // 2024: 19 digits
    ];
    for (const t of tokens) expect(isDiscordBotToken(t), t).toBe(true);
    expect(found(`client.run("${tokens[0]}")`, "Discord bot token")).toEqual([tokens[0]]);
    expect(found(`DISCORD_BOT_TOKEN=${tokens[1]}`, "Discord bot token")).toEqual([tokens[1]]);
    expect(found(`Authorization: Bot ${tokens[2]}`, "Discord bot token")).toEqual([tokens[2]]);
  });

  it("Discord bot token: not three random segments, an ID from after 2045, a typed HMAC, nor a token cut short or glued", () => {
    const id = snowflake(2_000 * DAY);
    const notDigits = `N${chars(24)}.${chars(6)}.${chars(38)}`;
    const future = discordToken(snowflake(11_500 * DAY), 38);
    const typed = `${Buffer.from(id).toString("base64url")}.${chars(6)}.${"x".repeat(38)}`;
    const token = discordToken(id, 38);
    for (const t of [notDigits, future, typed, token.slice(0, -14)]) {
      expect(isDiscordBotToken(t), t).toBe(false);
      expect(found(`token: "${t}"`, "Discord bot token"), t).toEqual([]);
    }
    expect(found(`x_${token}`, "Discord bot token")).toEqual([]);
    expect(found(`${token}Zq`, "Discord bot token")).toEqual([]);
  });

  it("Discord bot token: three segments of its shape whose ID does not decode, only next to the word discord or bot", () => {
    const made = `M${chars(25)}.${chars(6)}.${chars(38)}`;
    expect(isDiscordBotToken(made)).toBe(false);
    expect(found(`bot.run("${made}")`, "Discord bot token")).toEqual([made]);
    expect(found(`DISCORD_TOKEN = '${made}'`, "Discord bot token")).toEqual([made]);
    expect(found(`cache key ${made}`, "Discord bot token")).toEqual([]);
    expect(found(`bot.run("M${chars(25)}.${chars(6)}.${"ab".repeat(16)}")`, "Discord bot token")).toEqual([]);
  });

  it("Azure SAS signature: the sig of a blob, queue or file URL, or of a SAS token alone, whatever the order of its other parameters", () => {
    const [a, b, c, d] = [sasSignature(), sasSignature(), sasSignature(), sasSignature()];
    for (const s of [a, b, c, d]) expect(isSasSignature(s), s).toBe(true);
    const label = "Azure Storage SAS signature";
    expect(found(`https://ledger.blob.core.windows.net/exports/q3.csv?sp=r&st=2026-03-01T09:00:00Z&se=2026-03-02T09:00:00Z&spr=https&sv=2024-11-04&sr=b&sig=${a}`, label)).toEqual([a]);
    expect(found(`curl "https://ledger.queue.core.windows.net/jobs/messages?sv=2023-01-03&ss=q&srt=o&sp=rap&se=2026-06-01&sig=${b}"`, label)).toEqual([b]);
    expect(found(`AZURE_STORAGE_SAS_TOKEN="sv=2022-11-02&ss=f&srt=sco&sp=rl&se=2027-01-01T00:00:00Z&spr=https&sig=${c}"`, label)).toEqual([c]);
    // Written into HTML, with its ampersands escaped.
    expect(found(`<a href="https://ledger.file.core.windows.net/share/a.pdf?sv=2024-11-04&amp;sr=f&amp;sp=r&amp;sig=${d}">`, label)).toEqual([d]);
  });

  it("Azure SAS signature: not a sig too short for a MAC, a placeholder, nor a sig without a service version", () => {
    const label = "Azure Storage SAS signature";
    const short = encodeURIComponent(bytes(10).toString("base64"));
    for (const text of [
      `https://ledger.blob.core.windows.net/c/a.txt?sv=2024-11-04&sr=b&sig=${short}`,
      `https://ledger.blob.core.windows.net/c/a.txt?sv=2024-11-04&sr=b&sig=${"X".repeat(43)}%3D`,
      `https://ledger.blob.core.windows.net/c/a.txt?sr=b&sp=r&sig=${sasSignature()}`,
      "https://ledger.blob.core.windows.net/c/a.txt?sv=2024-11-04&sr=b&sig=<signature>",
    ]) {
      expect(found(text, label), text).toEqual([]);
    }
  });
});

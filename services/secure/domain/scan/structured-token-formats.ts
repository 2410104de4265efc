import type { Candidate, DetectorPattern } from "./detector.js";
import { shannonEntropy } from "./shannon-entropy.js";

/**
 * A provider token whose form a token shape (see `provider-token-formats.ts`)
 * cannot say: parts that encode something checkable (a Discord bot token's
 * user ID), or a secret inside a URL's query among other parameters (an
 * Azure SAS signature). Each has its own pattern and check, and joins the
 * `provider_token` detector after the table's formats.
 */
export interface StructuredTokenFormat {
  /** Stable kebab-case ID, unique with the table's. */
  id: string;
  provider: string;
  /** What a finding of it is called. */
  label: string;
  /** The pattern, in the common subset of RE2 and JavaScript syntax; group 1, when it has one, is the secret. */
  source: string;
  flags: string;
  group?: number;
  /** The check of a candidate the pattern found. */
  check: (candidate: Candidate) => boolean;
}

const URL_SAFE = /[A-Za-z0-9_-]/;
const BASE64 = /[A-Za-z0-9+/=%]/;

// Random characters reach about log2(length) bits each; typed or repeated ones far less.
function looksRandom(value: string): boolean {
  return !/(.)\1{4}/.test(value) && shannonEntropy(value) >= 0.8 * Math.log2(value.length);
}

// Discord's epoch (2015-01-01) and a bound well past today: a snowflake's time must fall between.
const DISCORD_EPOCH_MS = 1_420_070_400_000n;
const LATEST_SNOWFLAKE_MS = 2_366_755_200_000n; // 2045-01-01

/**
 * True when `value` is a Discord bot token: the bot's user ID (a snowflake:
 * 17–19 decimal digits whose top bits are a time since 2015) in base64url,
 * a six-character timestamp and a random HMAC of 27 to 38 characters, joined
 * by dots. The ID's digits are what tells it from three random segments.
 */
export function isDiscordBotToken(value: string): boolean {
  if (!hasDiscordTokenShape(value)) return false;
  const digits = Buffer.from(value.slice(0, value.indexOf(".")), "base64url").toString("latin1");
  if (!/^[1-9][0-9]{16,18}$/.test(digits)) return false;
  return (BigInt(digits) >> 22n) + DISCORD_EPOCH_MS <= LATEST_SNOWFLAKE_MS;
}

/** Three dot-separated parts, the last a random HMAC of 27 to 38 characters: a Discord bot token's shape, whatever its ID encodes. */
export function hasDiscordTokenShape(value: string): boolean {
  const parts = value.split(".");
  if (parts.length !== 3 || parts[0]!.length < 23 || parts[0]!.length > 26 || parts[1]!.length !== 6) return false;
  const hmac = parts[2]!;
  return hmac.length >= 27 && hmac.length <= 38 && looksRandom(hmac);
}

// Next to the word discord or bot (bot.run(…), DISCORD_TOKEN=), a token of the shape counts even when its ID
// does not decode: hand-made examples and test values often are three random segments.
const DISCORD_WORDS = /discord|bot/i;
function validDiscordToken(c: Candidate): boolean {
  if (URL_SAFE.test(c.text[c.start - 1] ?? "") || URL_SAFE.test(c.text[c.end] ?? "")) return false;
  return isDiscordBotToken(c.value) || (hasDiscordTokenShape(c.value) && DISCORD_WORDS.test(c.text.slice(Math.max(0, c.start - 60), c.start)));
}

/**
 * True when `signature` (a SAS token's `sig`, as it stands in a URL) is a
 * MAC in base64, URL-encoded or not, that looks random. Azure's are
 * HMAC-SHA256, 44 characters; any of 20 to 100 is taken, as after `sv=` nothing else is called `sig`.
 */
export function isSasSignature(signature: string): boolean {
  let base64: string;
  try {
    base64 = decodeURIComponent(signature);
  } catch {
    return false;
  }
  if (!/^[A-Za-z0-9+/]{20,100}={0,2}$/.test(base64)) return false;
  return looksRandom(base64.replace(/=+$/, ""));
}

/** Every structured token format the `provider_token` category finds. */
export const STRUCTURED_TOKEN_FORMATS: readonly StructuredTokenFormat[] = [
  {
    id: "discord-bot-token",
    provider: "Discord",
    label: "Discord bot token",
    // A user ID of 17–19 digits is 23–26 base64url characters; they start with M, N or O (the digits 1–9).
    // The lengths are checked after: counted repetitions are unrolled, and every pattern's program shares one budget.
    source: "\\b[MNO][A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{8,}",
    flags: "",
    check: validDiscordToken,
  },
  {
    id: "azure-sas-signature",
    provider: "Azure Storage",
    label: "Azure Storage SAS signature",
    // A shared access signature's query (or token alone): the service version, then the signature.
    // `sig` comes last wherever Azure's tools write one; whatever the URL's host, the pair makes it SAS.
    // (Unbounded, in ASCII: RE2 unrolls a counted repetition, and a class of every character but a few is many instructions.)
    source: "\\bsv=[0-9]{4}-[0-9]{2}-[0-9]{2}[A-Za-z0-9%&=._~:/+;,-]*?&(?:amp;)?sig=([A-Za-z0-9%+/=]+)",
    flags: "",
    group: 1,
    check: (c) => !BASE64.test(c.text[c.end] ?? "") && isSasSignature(c.value),
  },
];

/** The formats compiled to patterns of the `provider_token` detector, each labelled with its format. */
export const STRUCTURED_TOKEN_PATTERNS: readonly DetectorPattern[] = STRUCTURED_TOKEN_FORMATS.map((f) => ({
  source: f.source,
  flags: f.flags,
  group: f.group ?? 0,
  label: f.label,
  validate: f.check,
}));

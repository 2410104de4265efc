import { findLibrary } from "../catalog.js";
import type { Candidate, Detector, Verdict } from "./detector.js";
import { PROVIDER_TOKEN_DETECTOR } from "./provider-token-detector.js";
import { shannonEntropy } from "./shannon-entropy.js";

/**
 * Keys published in vendors' documentation as examples. They have the shape
 * of real keys but open nothing, so finding one in a prompt is not a leak.
 */
const DOCUMENTED_EXAMPLES = new Set([
  "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
  "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
  "sk_test_26PHem9AhJZvU623DfE1x4sd",
  "rk_test_51H3mY2HbFf7rBy0TvOm0Q1wRpxyM6UCsqZP",
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
]);

// Placeholders people write where a key goes.
const PLACEHOLDER = /example|sample|dummy|placeholder|your[_-]?|redacted|xxxx|\*\*\*|\.\.\.|<|>|\$\{|\{\{|changeme|insert|replace/i;

/** The random part of a key (after its public prefix) looks random: long enough, varied, no placeholder. */
function randomEnough(value: string, minBits: number): boolean {
  // A short random value cannot reach log2(length) bits: the bar is lowered for values under about 20 characters.
  const bar = Math.min(minBits, 0.8 * Math.log2(Math.max(2, value.length)));
  return !PLACEHOLDER.test(value) && shannonEntropy(value) >= bar && /[0-9]/.test(value) && /[A-Za-z]/.test(value);
}

/** A token that continues past the candidate (more key characters) was cut, so it is not this kind of key. */
function continues({ text, end }: Candidate, chars: RegExp): boolean {
  return chars.test(text[end] ?? "");
}

function keyAfter(prefix: RegExp, minBits: number, more = /[A-Za-z0-9_-]/) {
  return (c: Candidate): boolean => {
    if (DOCUMENTED_EXAMPLES.has(c.value) || continues(c, more)) return false;
    return randomEnough(c.value.replace(prefix, ""), minBits);
  };
}

// The key versions whose length is known: 93 random characters and a closing AA.
const ANTHROPIC_KNOWN_VERSION = /^sk-ant-(?:api03|admin01)-/;

function validAnthropicKey(c: Candidate): boolean {
  if (ANTHROPIC_KNOWN_VERSION.test(c.value) && !/^sk-ant-[a-z]+[0-9]{2}-[A-Za-z0-9_-]{93}AA$/.test(c.value)) return false;
  return keyAfter(/^sk-ant-[a-z]{2,8}[0-9]{2}-/, 4)(c);
}

function validAwsSecret(c: Candidate): boolean {
  if (continues(c, /[A-Za-z0-9/+=]/) || /[A-Za-z0-9/+]/.test(c.text[c.start - 1] ?? "")) return false;
  // A 40-character hex string is a SHA-1 (a git commit), not a key: AWS secrets mix cases.
  if (!/[a-z]/.test(c.value) || !/[A-Z]/.test(c.value)) return false;
  return randomEnough(c.value, 4.2);
}

function decodeJsonSegment(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}

function validJwt(c: Candidate): boolean {
  if (DOCUMENTED_EXAMPLES.has(c.value) || continues(c, /[A-Za-z0-9_-]/)) return false;
  const [header, payload, signature = ""] = c.value.split(".");
  const h = decodeJsonSegment(header!);
  const p = decodeJsonSegment(payload!);
  if (typeof h !== "object" || h === null || typeof p !== "object" || p === null) return false;
  const alg = (h as Record<string, unknown>).alg;
  // An unsecured JWT (alg "none", RFC 7519 §6) has no signature and is accepted as it is; a signed one cut before its signature is not.
  return typeof alg === "string" && (signature.length >= 16 || (alg.toLowerCase() === "none" && signature === ""));
}

// Registered JOSE header (RFC 7515, 7516, 7518, 7797) and JWK (RFC 7517) parameter names: what opens a token's header.
const JOSE_PARAMETERS = new Set(
  "alg enc typ cty kid jku jwk x5u x5c x5t x5t#S256 crit zip epk apu apv iv tag p2s p2c b64 ppt svt url nonce kty use key_ops ver version".split(" "),
);

// A JWT itself base64-encoded again (ZXlK… is "eyJ" encoded), as Kubernetes secrets and CI variables hold them.
function validEncodedJwt(c: Candidate): boolean {
  if (continues(c, /[A-Za-z0-9+/=_-]/)) return false;
  // Node's base64 decoder reads the url-safe alphabet as well.
  const decoded = Buffer.from(c.value.replace(/\s/g, ""), "base64").toString("utf8").trim();
  // Its header must be a JWT header; what follows may be cut where the base64 was.
  const m = /^(eyJ[A-Za-z0-9_-]{8,})\.eyJ[A-Za-z0-9_-]{8,}/.exec(decoded);
  const header = m ? decodeJsonSegment(m[1]!) : undefined;
  return typeof header === "object" && header !== null && Object.keys(header).some((k) => JOSE_PARAMETERS.has(k));
}

function validPrivateKey({ value }: Candidate): boolean {
  const body = value
    .replace(/-----(?:BEGIN|END)[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/g, "")
    .replace(/^[A-Za-z-]+:.*$/gm, "");
  const base64 = body.replace(/[^A-Za-z0-9+/]/g, "");
  return base64.length >= 64 && !PLACEHOLDER.test(body) && shannonEntropy(base64) >= 4.5;
}

// Values that name where a secret comes from rather than being one (a home- or dot-relative path too: ~/.aws/credentials).
const INDIRECTION = /^(?:process\.env|os\.environ|env\(|getenv|secrets\.|vault:|ssm:|arn:|\$|%|@|~\/|\.\.?\/)/i;
const IDENTIFIER_PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:[.:][A-Za-z_][A-Za-z0-9_]*)*$/;

/** Threshold of the generic detector: the entropy in bits per character a long value needs. */
export const GENERIC_SECRET_MIN_ENTROPY = 3.5;

/**
 * The entropy a generic value of `length` characters needs: 3.5 bits from 24
 * characters on, less for shorter ones (a random 12-character password
 * cannot score more than log2(12) ≈ 3.58, and rarely scores above 3.3).
 */
export function genericSecretMinEntropy(length: number): number {
  return Math.min(GENERIC_SECRET_MIN_ENTROPY, 0.8 * Math.log2(length));
}

// Words that make a value a sample or a weak default rather than a secret someone was given.
const WEAK_WORDS = /passw(?:or)?d|passw0rd|secret|changeit|letmein|qwerty|12345678|abcdef|foobar|hello|test(?:ing)?[_-]?(?:key|token|secret|pass)/i;

function validGenericSecret({ value }: Candidate, minLength = 10): boolean {
  if (value.length < minLength || PLACEHOLDER.test(value) || INDIRECTION.test(value) || WEAK_WORDS.test(value)) return false;
  // Identifiers and dotted paths (settings.DB_PASSWORD, get_token) are references, not values.
  if (IDENTIFIER_PATH.test(value) && !/[0-9]/.test(value)) return false;
  // Names made of words (bearer_token_v2, MAX_RETRY_COUNT, userAccessToken2) are settings, not secrets.
  if (/^[a-z]+[0-9]{0,2}(?:[_.-][a-z]+[0-9]{0,2})+$/i.test(value) || /^[a-z]+(?:[A-Z][a-z]+)+[0-9]{0,2}$/.test(value)) return false;
  // Six or more of one character (a mask such as ******** or 000000) is not a secret.
  if (/(.)\1{5}/.test(value)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((r) => r.test(value)).length;
  return classes >= 2 && shannonEntropy(value) >= genericSecretMinEntropy(value.length);
}

// The last word of a setting whose value describes a secret rather than being one (token_url, key_id, secret_name).
const DESCRIBING_NAME =
  /(?:^|[_.-]|[a-z](?=[A-Z]))(?:id|ids|name|names|url|uri|endpoint|host|file|path|dir|length|len|size|type|version|alias|count|format|mode|prefix|header|field|param|enabled|required|expiry|expires|expiration|ttl|timeout|pattern|hint|label|policy|provider|usage|rotation|index|algorithm)$/i;
// Settings named like secrets that are not: public and publishable keys, database and cache keys, key bindings.
const NOT_SECRET_NAME = /public|publishable|pub[_.-]?key|primary|foreign|sort[_.-]?key|partition|cache[_.-]?key|idempoten|csrf|xsrf|keyboard|keypress|keycode|keyframe|keystore|keychain|hotkey|author|monkey|turkey/i;

/** The name a value is assigned to: the last run of name characters before it. */
function assignedName({ text, start }: Candidate): string {
  return text.slice(Math.max(0, start - 100), start).match(/[A-Za-z0-9_.-]+/g)?.at(-1) ?? "";
}

/** A stand-in written in base64 (Y2hhbmdlbWU= is "changeme"), as Kubernetes manifests hold values. */
function encodedPlaceholder(value: string): boolean {
  if (value.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  const decoded = Buffer.from(value, "base64").toString("utf8").trim();
  return /^[\x20-\x7e]+$/.test(decoded) && (PLACEHOLDER.test(decoded) || PASSWORD_PLACEHOLDER.test(decoded) || WEAK_WORDS.test(decoded));
}

// An ARN names a resource, and its resource type and ID are joined by a
// colon like a setting and its value: `…:123456789012:secret:prod/db-Qx81Lm`
// is the name of a secret in Secrets Manager, not the secret.
const ARN_BEFORE = /\barn:aws[a-z-]*:(?:[^\s:'"`]*:)*$/i;

/** True when the value at `start` is a part of an AWS ARN (arn:partition:service:region:account:resource). */
function insideArn({ text, start }: Candidate): boolean {
  return ARN_BEFORE.test(text.slice(Math.max(0, start - 200), start));
}

function validAssignedSecret(c: Candidate): boolean {
  const name = assignedName(c);
  return !DESCRIBING_NAME.test(name) && !NOT_SECRET_NAME.test(name) && !encodedPlaceholder(c.value) && !insideArn(c) && validGenericSecret(c);
}

// Commands that print a secret they fetch from a store, in groups of four (each
// group a literal the scan can search for): Vault, 1Password, AWS Secrets
// Manager and Parameter Store, Google Secret Manager, Azure Key Vault,
// Kubernetes, Heroku, Doppler and pass.
const FETCH_COMMANDS = [
  ["vault kv get", "vault read", "op read", "op item get"],
  ["secretsmanager get-secret-value", "ssm get-parameter", "secrets versions access", "keyvault secret show"],
  ["kubectl get secret", "config:get", "doppler secrets get", "pass show"],
];

/** A pattern of the value a fetching command prints alone on the line after it (a terminal session pasted whole). */
function fetchedValuePattern(commands: readonly string[]): string {
  return `\\b(?:${commands.join("|")})[^\\n]*\\r?\\n[ \\t]*([^\\s"'\`<>]+)[ \\t]*\\r?(?:\\n|$)`;
}

// A name made of words joined by punctuation (prod/db, app.api-key, ops_backup): what follows a label in a
// command or a config as often as a password does, and no password.
const NAME_OF_WORDS = /^[a-z]+[0-9]{0,2}(?:[_.:/-][a-z]+[0-9]{0,2})+$/i;

// A value a fetching command printed: what a generic secret must be, from 8
// characters on (the command says what it is), and not a path or a name.
function validFetchedSecret(c: Candidate): boolean {
  const { value } = c;
  if (value.length > 200 || value.includes("://") || /^[~/.]/.test(value) || encodedPlaceholder(value)) return false;
  if (NAME_OF_WORDS.test(value)) return false;
  return validGenericSecret(c, 8);
}

// A password given with its user name, in chat or a .netrc file: a generic
// secret from 8 characters on (the pair says what it is), never the user name
// again nor a name made of words.
function validPairedPassword(c: Candidate, user: string): boolean {
  const { value } = c;
  if (value.length > 128 || value.toLowerCase() === user.toLowerCase() || PASSWORD_PLACEHOLDER.test(value) || INDIRECTION.test(value)) return false;
  // An option (--insecure), code ((args…) or a path (~/.aws/credentials) is what follows a label in a command or a program, not a password.
  if (/^[-([{~/.]/.test(value) || /^[~.]$/.test(user)) return false;
  if (NAME_OF_WORDS.test(value)) return false;
  return validGenericSecret(c, 8);
}

// "Grafana admin: ops / …": the user, a slash, the password; the finding is the password.
function validSlashedCredentials(c: Candidate): Verdict {
  const slash = c.value.indexOf("/");
  const user = c.value.slice(0, slash).trim();
  const at = c.value.length - c.value.slice(slash + 1).trimStart().length;
  const password = { ...c, value: c.value.slice(at), start: c.start + at };
  return validPairedPassword(password, user) ? { start: at, end: c.value.length } : false;
}

// "login deploy password …", a .netrc entry: the user is the last word before the password's label.
function validLabelledPassword(c: Candidate): boolean {
  const before = c.text.slice(Math.max(0, c.start - 200), c.start);
  const user = /([^\s"']+)["']?(?:[ \t]*[,;]\s*|\s+)(?:pass(?:word|wd|code|phrase)?|pwd?)\b[ \t]*[:=]?[ \t]*["']?$/i.exec(before)?.[1] ?? "";
  return validPairedPassword(c, user);
}

// `curl -u user:password`: the password part, unless it is a variable or a stand-in.
function validUserPassword(c: Candidate): boolean {
  const colon = c.value.indexOf(":");
  const user = c.value.slice(0, colon);
  const password = c.value.slice(colon + 1);
  if (password.length < 4 || PLACEHOLDER.test(password) || INDIRECTION.test(password) || PASSWORD_PLACEHOLDER.test(password)) return false;
  if (password.toLowerCase() === user.toLowerCase() || /^\[.*\]$/.test(password)) return false;
  return shannonEntropy(password) >= 2;
}

// A password field's value (NuGet's ClearTextPassword): any real password, not a variable or stand-in.
function validPasswordField(c: Candidate): boolean {
  const { value } = c;
  if (value.length < 6 || PLACEHOLDER.test(value) || INDIRECTION.test(value) || PASSWORD_PLACEHOLDER.test(value)) return false;
  return !/(.)\1{5}/.test(value) && shannonEntropy(value) >= 2.3;
}

// A value of a Kubernetes Secret's data: base64 of something that is not a stand-in.
function validEncodedSecretValue(c: Candidate): boolean {
  if (continues(c, /[A-Za-z0-9+/=]/)) return false;
  const decoded = Buffer.from(c.value, "base64").toString("utf8");
  // Random bytes (a key) do not decode to text: then the encoding itself must look random.
  if (!/^[\x20-\x7e\t\r\n]+$/.test(decoded)) return c.value.length >= 16 && shannonEntropy(c.value) >= 4;
  if (decoded.trim().length < 6 || PLACEHOLDER.test(decoded) || PASSWORD_PLACEHOLDER.test(decoded.trim())) return false;
  return shannonEntropy(decoded) >= 2.5;
}

// Where a connection string's password is a stand-in for one.
const PASSWORD_PLACEHOLDER = /^(?:pass(?:word|wd)?|pwd|secret|change(?:me|it)|example|token|xxx+|\*+|user|admin|root|test|guest|none|null|undefined)$/i;

function validConnectionPassword(c: Candidate): boolean {
  const { value, text, start } = c;
  if (value.length < 6 || PLACEHOLDER.test(value) || PASSWORD_PLACEHOLDER.test(value) || INDIRECTION.test(value)) return false;
  // Template syntax: %s, {password}, :password, [password].
  if (/^(?:%[a-z0-9_]*|\{.*\}|\[.*\]|:.*)$/i.test(value) || /(.)\1{5}/.test(value)) return false;
  // The same word as the user name (postgres://postgres:postgres@) is a local default.
  const user = /([^\s:/@;=]+)(?::|;\s*(?:password|pwd)\s*=\s*)$/i.exec(text.slice(Math.max(0, start - 80), start))?.[1];
  if (user !== undefined && user.toLowerCase() === value.toLowerCase()) return false;
  return shannonEntropy(value) >= 2.3;
}

// Every other category of the secrets library: a value a specific detector
// recognises is not reported again as a generic secret.
const SPECIFIC = (findLibrary("secrets")?.categoryIds ?? []).filter((id) => id !== "generic_secret");

/** Detectors of the `secrets` library: API keys, tokens, private keys and high-entropy assignments. */
export const SECRET_DETECTORS: readonly Detector[] = [
  {
    category: "aws_access_key_id",
    patterns: [{ source: "\\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z2-7]{16}\\b", flags: "" }],
    validate: (c) => !/EXAMPLE/.test(c.value) && shannonEntropy(c.value.slice(4)) >= 3,
    keywords: ["aws", "access key", "key id"],
    keywordWindow: 40,
    mask: { kind: "secret", prefix: /^[A-Z0-9]{4}/ },
  },
  {
    category: "aws_secret_access_key",
    patterns: [
      { source: "(?:aws)?_?secret_?(?:access)?_?key[\"']?\\s*(?:[:=]|=>)\\s*[\"']?([A-Za-z0-9/+]{40})", flags: "i", group: 1 },
      { source: "[A-Za-z0-9/+]{40}", flags: "", requireKeyword: true },
    ],
    validate: validAwsSecret,
    keywords: ["aws", "secret access key", "secret_access_key", "secretaccesskey"],
    keywordWindow: 80,
    mask: { kind: "secret", prefix: /^$/ },
  },
  {
    category: "github_token",
    patterns: [
      { source: "\\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\\b", flags: "" },
      { source: "\\bgithub_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}\\b", flags: "" },
    ],
    validate: keyAfter(/^(?:gh[pousr]_|github_pat_)/, 3.5),
    keywords: ["github", "token", "gh"],
    keywordWindow: 40,
    mask: { kind: "secret", prefix: /^(?:gh[pousr]_|github_pat_)/ },
  },
  {
    category: "gitlab_token",
    patterns: [{ source: "\\bglpat-[A-Za-z0-9_-]{20,64}", flags: "" }],
    validate: keyAfter(/^glpat-/, 3.3),
    keywords: ["gitlab", "token"],
    keywordWindow: 40,
    mask: { kind: "secret", prefix: /^glpat-/ },
  },
  {
    category: "slack_token",
    patterns: [
      { source: "\\bxox[abposer]-(?:[0-9A-Za-z]+-){0,4}[0-9A-Za-z]{8,}", flags: "" },
      // Configuration access and refresh tokens of Slack apps.
      { source: "\\bxoxe(?:\\.xox[bp])?-[0-9]-[A-Za-z0-9]{100,}", flags: "" },
      { source: "\\bxapp-[0-9]-[A-Z0-9]{8,}-[0-9]{8,}-[a-z0-9]{32,80}", flags: "" },
      { source: "\\bhooks\\.slack\\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/]{30,80}", flags: "" },
    ],
    validate: keyAfter(/^(?:xoxe\.xox[bp]-|xox[abposer]-|xapp-|hooks\.slack\.com\/(?:services|workflows|triggers)\/)/, 3, /[A-Za-z0-9_+/-]/),
    keywords: ["slack", "token", "webhook"],
    keywordWindow: 40,
    mask: { kind: "secret", prefix: /^(?:xoxe\.xox[bp]-|xox[abposer]-|xapp-|hooks\.slack\.com\/(?:services|workflows|triggers)\/)/ },
  },
  {
    category: "stripe_key",
    patterns: [{ source: "\\b(?:sk|rk)_(?:live|test|prod)_[0-9A-Za-z]{24,99}\\b", flags: "" }],
    validate: keyAfter(/^[sr]k_(?:live|test|prod)_/, 3.5),
    keywords: ["stripe", "secret key", "api key"],
    keywordWindow: 40,
    mask: { kind: "secret", prefix: /^[sr]k_(?:live|test|prod)_/ },
  },
  {
    category: "google_api_key",
    patterns: [{ source: "\\bAIza[0-9A-Za-z_-]{35}", flags: "" }],
    validate: keyAfter(/^AIza/, 3.5),
    keywords: ["google", "gcp", "api key", "maps", "firebase"],
    keywordWindow: 40,
    mask: { kind: "secret", prefix: /^AIza/ },
  },
  {
    category: "openai_api_key",
    patterns: [{ source: "\\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,200}", flags: "" }],
    validate: (c) => !c.value.startsWith("sk-ant-") && keyAfter(/^sk-(?:proj-|svcacct-|admin-)?/, 4)(c),
    keywords: ["openai", "gpt", "api key", "chatgpt"],
    keywordWindow: 40,
    mask: { kind: "secret", prefix: /^sk-(?:proj-|svcacct-|admin-)?/ },
  },
  {
    category: "anthropic_api_key",
    patterns: [{ source: "\\bsk-ant-[a-z]{2,8}[0-9]{2}-[A-Za-z0-9_-]{32,200}", flags: "" }],
    validate: validAnthropicKey,
    keywords: ["anthropic", "claude", "api key"],
    keywordWindow: 40,
    mask: { kind: "secret", prefix: /^sk-ant-[a-z]{2,8}[0-9]{2}-/ },
  },
  {
    category: "private_key",
    patterns: [
      { source: "-----BEGIN [A-Z0-9 _-]{0,30}PRIVATE KEY(?: BLOCK)?-----[\\s\\S]*?-----END [A-Z0-9 _-]{0,30}PRIVATE KEY(?: BLOCK)?-----", flags: "" },
      // A block pasted without its END line still gives the key away.
      { source: "-----BEGIN [A-Z0-9 _-]{0,30}PRIVATE KEY(?: BLOCK)?-----(?:\\s*[A-Za-z0-9+/=]{16,})+", flags: "" },
    ],
    validate: validPrivateKey,
    keywords: ["private key", "ssh", "pem", "rsa"],
    keywordWindow: 40,
    mask: { kind: "secret", prefix: /^-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/ },
  },
  {
    category: "jwt",
    patterns: [
      { source: "\\beyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*", flags: "" },
      // Also base64url, and wrapped over lines as `base64` prints it.
      { source: "\\bZXlK[A-Za-z0-9+/_-]{20,}(?:\\r?\\n[A-Za-z0-9+/_-]{4,}){0,40}={0,2}", flags: "", validate: validEncodedJwt },
    ],
    validate: validJwt,
    keywords: ["jwt", "bearer", "token", "authorization"],
    keywordWindow: 40,
    mask: { kind: "secret", prefix: /^(?:eyJ|ZXlK)/ },
  },
  PROVIDER_TOKEN_DETECTOR,
  {
    category: "connection_string",
    patterns: [
      // A URI with user and password: postgres://app:s3cr3t…@db:5432, mongodb+srv://…, redis://:pw@host.
      { source: "\\b[a-z][a-z0-9+.-]{1,20}://[^\\s:/@'\"]{0,64}:([^\\s:/@'\"]{3,128})@[^\\s'\"]", flags: "i", group: 1 },
      // ADO.NET / ODBC / JDBC key-value strings: Server=db;User ID=app;Password=…;
      {
        source: "(?:server|data source|host|address|addr|uid|user ?id|user(?:name)?)\\s*=\\s*[^;'\"\\n]+;[^'\"\\n]*?(?:password|pwd)\\s*=\\s*([^;'\"\\s]{3,128})",
        flags: "i",
        group: 1,
      },
    ],
    validate: validConnectionPassword,
    keywords: ["password", "pwd", "server", "://"],
    keywordWindow: 0,
    mask: { kind: "text" },
  },
  {
    category: "generic_secret",
    patterns: [
      // name = value, name: value, "name": "value", name => value, name := value, ("name", "value").
      {
        source:
          "[A-Za-z0-9_.-]*(?:passw(?:or)?d|passphrase|pwd|secret|token|api[_.-]?key|apikey|key|auth|access|credentials?|creds)[A-Za-z0-9_.-]*[\"'`]?[ \\t]*(?:[:=]|=>|:=|\\?=|::=|\\|\\|=|,)[ \\t]*[\"'`]?([A-Za-z0-9+/=_.~!@#$%^&*-]{10,200})",
        flags: "i",
        group: 1,
        validate: validAssignedSecret,
      },
      // An XML element: <password>…</password>.
      {
        source: "<[a-z_:-]*(?:password|secret|token|apikey|api_key)[a-z_-]*>([^<\\s]{10,200})</",
        flags: "i",
        group: 1,
      },
      // An XML attribute pair: <add key="ClearTextPassword" value="…"/> (NuGet, .config files).
      {
        source: "key=\"[a-z_.-]*(?:secret|token|apikey|api_?key)[a-z_.-]*\"\\s+value=\"([^\"\\s]{10,200})\"",
        flags: "i",
        group: 1,
      },
      { source: "key=\"(?:cleartext)?password\"\\s+value=\"([^\"]{6,200})\"", flags: "i", group: 1, validate: validPasswordField },
      // Credentials in an HTTP header: Authorization: Bearer …, Basic …, X-API-Key: ….
      {
        source: "(?:authorization[\"']?\\s*[:=]\\s*[\"']?(?:bearer|basic|token|apikey)\\s+|x-(?:[a-z]+-)?(?:api-?key|token|auth-token)[\"']?\\s*[:=]\\s*[\"']?)([A-Za-z0-9+/=_.~-]{10,})",
        flags: "i",
        group: 1,
      },
      // A command-line flag: --password s3cr3t…, --api-key=….
      {
        source: "(?:^|\\s)--?(?:[a-z]+-)*(?:password|passwd|token|secret|api-?key)[ =][\"']?([^\\s\"']{10,200})",
        flags: "i",
        group: 1,
      },
      // curl's basic-auth option: curl -u user:password.
      {
        source: "\\bcurl\\b(?:[^\\n]|\\\\\\r?\\n)*?\\s(?:-u|--user)[ =]?[\"']?([^\\s\"':]{0,64}:[^\\s\"']{3,128})",
        flags: "",
        group: 1,
        validate: validUserPassword,
      },
      // A Kubernetes Secret manifest's data values (base64), the data before or after the kind.
      {
        source: "\\bkind:[ \\t]*[\"']?Secret\\b[\\s\\S]{0,300}?\\bdata:[ \\t]*\\r?\\n(?:[ \\t]*#[^\\n]*\\n)*[ \\t]+[\\w.-]+:[ \\t]*[\"']?([A-Za-z0-9+/]{8,}={0,2})",
        flags: "i",
        group: 1,
        validate: validEncodedSecretValue,
      },
      {
        source: "\\bdata:[ \\t]*\\r?\\n(?:[ \\t]*#[^\\n]*\\n)*[ \\t]+[\\w.-]+:[ \\t]*[\"']?([A-Za-z0-9+/]{8,}={0,2})[\"']?[\\s\\S]{0,300}?\\bkind:[ \\t]*[\"']?Secret\\b",
        flags: "i",
        group: 1,
        validate: validEncodedSecretValue,
      },
      // A user and password shared as "Grafana admin: ops / …", "login: ops password: …".
      {
        source: "\\b(?:admin|login|user|cred)[A-Za-z]*[ \\t]*[:=][ \\t]*([^\\s/:]+[ \\t]*/[ \\t]*\\S+)",
        flags: "i",
        group: 1,
        validate: validSlashedCredentials,
      },
      {
        source:
          "\\b(?:login|user|admin|account)[A-Za-z]*(?:[ \\t]*[:=][ \\t]*|[ \\t]+)[\"']?[^\\s,;:=\"']+[\"']?(?:[ \\t]*[,;]\\s*|\\s+)(?:pass(?:word|wd|code|phrase)?|pwd?)\\b[ \\t]*[:=]?[ \\t]*[\"']?([^\\s\"']+)",
        flags: "i",
        group: 1,
        validate: validLabelledPassword,
      },
      // A .netrc entry: machine api.example.com login … password … (a login may be left out).
      { source: "\\bmachine\\s+\\S+(?:\\s+(?:login|account|port)\\s+\\S+)*\\s+password\\s+(\\S+)", flags: "", group: 1, validate: validLabelledPassword },
      // The value a command fetching a secret printed on the next line: `vault kv get -field=…`, `op read op://…`.
      ...FETCH_COMMANDS.map((commands) => ({ source: fetchedValuePattern(commands), flags: "", group: 1, validate: validFetchedSecret })),
    ],
    validate: validGenericSecret,
    keywords: ["password", "secret", "token", "api_key", "apikey", "credential"],
    keywordWindow: 0,
    yieldsTo: SPECIFIC,
    mask: { kind: "text" },
  },
];

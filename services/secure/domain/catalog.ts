import type { Severity } from "./rule.js";

/** A built-in pattern library: a named group of data categories a rule can reference. */
export interface PatternLibrary {
  id: string;
  name: string;
  description: string;
  /** IDs of the categories the library detects, in catalogue order. */
  categoryIds: readonly string[];
}

/** A named kind of sensitive data or attack a detector recognises. */
export interface DataCategory {
  id: string;
  name: string;
  description: string;
  libraryId: string;
  defaultSeverity: Severity;
}

type CategoryEntry = Omit<DataCategory, "libraryId">;

const PII: readonly CategoryEntry[] = [
  { id: "email", name: "Email address", description: "An e-mail address such as jane@example.com.", defaultSeverity: "medium" },
  { id: "phone", name: "Phone number", description: "A telephone number in international form valid in its country's numbering plan, a North American number, or a national number next to a word like phone.", defaultSeverity: "medium" },
  { id: "credit_card", name: "Credit card number", description: "A payment card number that passes the Luhn check.", defaultSeverity: "high" },
  { id: "us_ssn", name: "US Social Security number", description: "A United States Social Security number (AAA-GG-SSSS) in an issued range.", defaultSeverity: "high" },
  { id: "iban", name: "IBAN", description: "An International Bank Account Number of any registry country with a valid check digit.", defaultSeverity: "high" },
  { id: "ip_address", name: "IP address", description: "An IPv4 or IPv6 address.", defaultSeverity: "low" },
  { id: "uk_nino", name: "UK National Insurance number", description: "A UK National Insurance number (AB 12 34 56 C) with an allocated prefix.", defaultSeverity: "high" },
  { id: "uk_nhs_number", name: "UK NHS number", description: "A UK NHS (or CHI, H&C) number with a valid modulus 11 check digit, next to a word naming it.", defaultSeverity: "high" },
  { id: "ca_sin", name: "Canadian Social Insurance Number", description: "A Canadian SIN with a valid Luhn check digit, next to a word naming it.", defaultSeverity: "high" },
  { id: "in_aadhaar", name: "Indian Aadhaar number", description: "An Indian Aadhaar number with a valid Verhoeff check digit.", defaultSeverity: "high" },
  { id: "es_dni", name: "Spanish DNI / NIE", description: "A Spanish national identity (DNI) or foreigner identity (NIE) number with the right control letter.", defaultSeverity: "high" },
  { id: "de_tax_id", name: "German tax ID", description: "A German tax identification number (Steuer-IdNr) with a valid ISO 7064 check digit, next to a word naming it.", defaultSeverity: "high" },
  { id: "fr_nir", name: "French social security number", description: "A French NIR (numéro de sécurité sociale) with a valid key.", defaultSeverity: "high" },
];

const SECRETS: readonly CategoryEntry[] = [
  { id: "aws_access_key_id", name: "AWS access key ID", description: "An AWS access key ID (AKIA… / ASIA…).", defaultSeverity: "high" },
  { id: "aws_secret_access_key", name: "AWS secret access key", description: "A 40-character AWS secret access key.", defaultSeverity: "critical" },
  { id: "github_token", name: "GitHub token", description: "A GitHub personal access, OAuth, app or refresh token (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_).", defaultSeverity: "critical" },
  { id: "gitlab_token", name: "GitLab token", description: "A GitLab personal, project or group access token (glpat-).", defaultSeverity: "critical" },
  { id: "slack_token", name: "Slack token", description: "A Slack bot, user or app token (xoxb-, xoxp-, xapp-…).", defaultSeverity: "critical" },
  { id: "stripe_key", name: "Stripe key", description: "A Stripe secret or restricted API key (sk_live_, rk_live_, sk_test_…).", defaultSeverity: "critical" },
  { id: "google_api_key", name: "Google API key", description: "A Google Cloud API key (AIza…).", defaultSeverity: "high" },
  { id: "openai_api_key", name: "OpenAI API key", description: "An OpenAI API key (sk-…, sk-proj-…).", defaultSeverity: "critical" },
  { id: "anthropic_api_key", name: "Anthropic API key", description: "An Anthropic API key (sk-ant-…).", defaultSeverity: "critical" },
  { id: "private_key", name: "Private key", description: "A PEM-encoded private key block (RSA, EC, OpenSSH, PKCS#8).", defaultSeverity: "critical" },
  { id: "jwt", name: "JSON Web Token", description: "A signed JSON Web Token (three base64url segments).", defaultSeverity: "high" },
  { id: "provider_token", name: "Provider API token", description: "An API key or token of one of some 250 known formats of cloud, source-hosting, CI, payment, chat, AI, monitoring and package-registry providers; each finding's label names the format.", defaultSeverity: "critical" },
  { id: "connection_string", name: "Connection string with password", description: "Credentials in a database or service connection string: a URI with user and password (postgres://app:…@db) or a Password= field next to a server.", defaultSeverity: "critical" },
  { id: "generic_secret", name: "Generic secret", description: "A high-entropy value assigned to a name like password, secret, token or api_key.", defaultSeverity: "high" },
];

const PROMPT_INJECTION: readonly CategoryEntry[] = [
  { id: "instruction_override", name: "Instruction override", description: "Text telling the model to ignore or replace its previous instructions.", defaultSeverity: "high" },
  { id: "system_prompt_extraction", name: "System prompt extraction", description: "Text asking the model to reveal its system prompt or hidden instructions.", defaultSeverity: "high" },
  { id: "roleplay_jailbreak", name: "Role-play jailbreak", description: "Text casting the model as an unrestricted persona to escape its rules (DAN and the like).", defaultSeverity: "high" },
  { id: "encoded_payload", name: "Encoded payload", description: "Instructions smuggled in base64, hex or similar encodings.", defaultSeverity: "medium" },
  { id: "hidden_unicode", name: "Hidden Unicode", description: "Invisible or bidirectional-control characters (tag characters, zero-width, RLO) hiding text.", defaultSeverity: "medium" },
  { id: "injection_classifier", name: "Likely prompt injection (model)", description: "Text a trained classifier scores as a likely prompt injection or jailbreak, where no phrase pattern matched.", defaultSeverity: "high" },
];

const LIBRARY_ENTRIES: readonly { id: string; name: string; description: string; categories: readonly CategoryEntry[] }[] = [
  { id: "pii", name: "Personal data", description: "Personally identifiable information: contact details, government and financial identifiers.", categories: PII },
  { id: "secrets", name: "Secrets and credentials", description: "API keys, access tokens, private keys and other credentials.", categories: SECRETS },
  { id: "prompt_injection", name: "Prompt injection", description: "Attempts to override, extract or smuggle instructions to the model.", categories: PROMPT_INJECTION },
];

/**
 * The built-in pattern libraries, in catalogue order. This is the
 * authoritative list of library IDs rules may reference and detectors implement.
 */
export const PATTERN_LIBRARIES: readonly PatternLibrary[] = LIBRARY_ENTRIES.map((l) => ({
  id: l.id,
  name: l.name,
  description: l.description,
  categoryIds: l.categories.map((c) => c.id),
}));

/**
 * Every data category of every library, in catalogue order. This is the
 * authoritative list of category IDs rules may reference and detectors implement.
 */
export const DATA_CATEGORIES: readonly DataCategory[] = LIBRARY_ENTRIES.flatMap((l) =>
  l.categories.map((c) => ({ ...c, libraryId: l.id })),
);

const libraryById = new Map(PATTERN_LIBRARIES.map((l) => [l.id, l]));
const categoryById = new Map(DATA_CATEGORIES.map((c) => [c.id, c]));

/** The library with this ID, or undefined when the catalogue has none. */
export function findLibrary(id: string): PatternLibrary | undefined {
  return libraryById.get(id);
}

/** The data category with this ID, or undefined when the catalogue has none. */
export function findCategory(id: string): DataCategory | undefined {
  return categoryById.get(id);
}

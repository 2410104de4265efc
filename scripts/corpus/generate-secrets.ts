import { SampleList, type GeneratedSample } from "./sample-list.js";
import { ALNUM, BASE64URL, DIGITS, LOWER, SeededRandom, UPPER } from "./seeded-random.js";

// A random key body with letters of both cases and digits, as a real key's random part has.
function keyBody(r: SeededRandom, alphabet: string, n: number): string {
  for (;;) {
    const s = r.chars(alphabet, n);
    if (/[a-z]/.test(s) && /[A-Z]/.test(s) && /[0-9]/.test(s)) return s;
  }
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function pem(r: SeededRandom, label: string, bytes: number): string {
  const body = r.bytes(bytes).toString("base64").replace(/(.{64})/g, "$1\n").trimEnd();
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----`;
}

/** One kind of key: how to make a value, and the places people paste it. */
interface KeyKind {
  category: string;
  make: (r: SeededRandom) => string;
  contexts: readonly ((v: string) => string)[];
}

const KINDS: readonly KeyKind[] = [
  {
    category: "aws_access_key_id",
    make: (r) => r.pick(["AKIA", "ASIA"]) + r.chars(UPPER + "234567", 16),
    contexts: [(v) => `export AWS_ACCESS_KEY_ID=${v}`, (v) => `[default]\naws_access_key_id = ${v}`, (v) => `The leaked access key was ${v}, rotate it.`],
  },
  {
    category: "aws_secret_access_key",
    make: (r) => keyBody(r, ALNUM + "/+", 40),
    contexts: [(v) => `aws_secret_access_key = ${v}`, (v) => `AWS_SECRET_ACCESS_KEY="${v}"`, (v) => `{"AccessKeyId": "see vault", "SecretAccessKey": "${v}"}`],
  },
  {
    category: "github_token",
    make: (r) =>
      r.next() < 0.75 ? `${r.pick(["ghp", "gho", "ghu", "ghs", "ghr"])}_${keyBody(r, ALNUM, 36)}` : `github_pat_${keyBody(r, ALNUM, 22)}_${keyBody(r, ALNUM, 59)}`,
    contexts: [(v) => `export GITHUB_TOKEN=${v}`, (v) => `git clone https://${v}@github.com/acme/infra.git`, (v) => `Here is my token for the CI job: ${v}`],
  },
  {
    category: "gitlab_token",
    make: (r) => `glpat-${keyBody(r, ALNUM + "_-", 20)}`,
    contexts: [(v) => `GITLAB_TOKEN: ${v}`, (v) => `curl --header "PRIVATE-TOKEN: ${v}" https://gitlab.example.com/api/v4/projects`, (v) => `use ${v} for the runner registration`],
  },
  {
    category: "slack_token",
    make: (r) =>
      r.next() < 0.7
        ? `${r.pick(["xoxb", "xoxp"])}-${r.digits(12)}-${r.digits(13)}-${keyBody(r, ALNUM, 24)}`
        : `https://hooks.slack.com/services/T${r.chars(UPPER + DIGITS, 8)}/B${r.chars(UPPER + DIGITS, 10)}/${keyBody(r, ALNUM, 24)}`,
    contexts: [(v) => `SLACK_BOT_TOKEN=${v}`, (v) => `notify: ${v}`, (v) => `Post the alert with ${v} please.`],
  },
  {
    category: "stripe_key",
    make: (r) => `${r.pick(["sk_live", "rk_live", "sk_test"])}_${keyBody(r, ALNUM, r.pick([24, 34, 99]))}`,
    contexts: [(v) => `STRIPE_SECRET_KEY=${v}`, (v) => `stripe.api_key = "${v}"`, (v) => `const stripe = new Stripe("${v}");`],
  },
  {
    category: "google_api_key",
    make: (r) => `AIza${keyBody(r, ALNUM + "_-", 35)}`,
    contexts: [(v) => `GOOGLE_MAPS_KEY=${v}`, (v) => `<script src="https://maps.googleapis.com/maps/api/js?key=${v}"></script>`, (v) => `firebaseConfig = { apiKey: "${v}" }`],
  },
  {
    category: "openai_api_key",
    make: (r) => (r.next() < 0.5 ? `sk-proj-${keyBody(r, ALNUM + "_-", 64)}` : `sk-${keyBody(r, ALNUM, 20)}T3BlbkFJ${keyBody(r, ALNUM, 20)}`),
    contexts: [(v) => `OPENAI_API_KEY=${v}`, (v) => `client = OpenAI(api_key="${v}")`, (v) => `why does ${v} give me a 401?`],
  },
  {
    category: "anthropic_api_key",
    make: (r) => `sk-ant-${r.pick(["api03", "admin01"])}-${keyBody(r, ALNUM + "_-", 93)}AA`,
    contexts: [(v) => `ANTHROPIC_API_KEY=${v}`, (v) => `client = anthropic.Anthropic(api_key="${v}")`, (v) => `x-api-key: ${v}`],
  },
  {
    category: "private_key",
    make: (r) => pem(r, r.pick(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"]), r.pick([121, 240, 480])),
    contexts: [(v) => v, (v) => `Here is the deploy key, add it to the server:\n${v}`, (v) => `ssh_key: |\n  ${v.replace(/\n/g, "\n  ")}`],
  },
  {
    category: "jwt",
    make: (r) => {
      const alg = r.pick(["HS256", "RS256", "ES256"]);
      const header = b64url({ alg, typ: "JWT" });
      const payload = b64url({ sub: `user_${r.digits(6)}`, role: r.pick(["admin", "member"]), iat: 1760000000 + r.int(0, 9999999), exp: 1770000000 + r.int(0, 9999999) });
      return `${header}.${payload}.${r.chars(BASE64URL, alg === "RS256" ? 342 : alg === "ES256" ? 86 : 43)}`;
    },
    contexts: [(v) => `Authorization: Bearer ${v}`, (v) => `document.cookie = "session=${v}"`, (v) => `The failing request used token ${v}`],
  },
  {
    category: "generic_secret",
    make: (r) => keyBody(r, ALNUM + "!#%*_-", r.int(14, 28)),
    contexts: [
      (v) => `DB_PASSWORD=${v}`,
      (v) => `"client_secret": "${v}",`,
      (v) => `export SERVICE_TOKEN="${v}"`,
      (v) => `smtp_password: '${v}'`,
      (v) => `api_key = "${v}"`,
    ],
  },
  {
    // A password in a connection URI is the connection string's, not a generic assignment.
    category: "connection_string",
    make: (r) => keyBody(r, ALNUM + "_-", r.int(14, 28)),
    contexts: [
      (v) => `postgres://app:${v}@db.internal:5432/orders`,
      (v) => `MONGODB_URI=mongodb+srv://reporting:${v}@cluster0.example.net/analytics`,
      (v) => `redis://default:${v}@cache.internal:6379/0`,
      (v) => `amqp://billing:${v}@mq.internal:5672/`,
    ],
  },
];

function positives(r: SeededRandom, list: SampleList): void {
  for (const kind of KINDS) {
    for (let i = 0; i < 9; i++) list.positive(kind.contexts[i % kind.contexts.length]!(kind.make(r)), [kind.category], kind.category);
  }
  const aws = KINDS[0]!;
  const awsSecret = KINDS[1]!;
  for (let i = 0; i < 6; i++) {
    list.positive(
      `[prod]\naws_access_key_id = ${aws.make(r)}\naws_secret_access_key = ${awsSecret.make(r)}\nregion = eu-west-1`,
      ["aws_access_key_id", "aws_secret_access_key"],
      "AWS credentials file",
    );
  }
  for (let i = 0; i < 6; i++) {
    const token = KINDS[2]!.make(r);
    list.positive(`Hi Sam, the deploy failed. I used ${token} and my mail is ops.lead@example.com if you need me.`, ["github_token", "email"], "token and e-mail");
  }
}

// Placeholders, documented examples and public material: the shapes of secrets without a secret.
function negatives(r: SeededRandom, list: SampleList): void {
  const placeholders = [
    `api_key = "YOUR_API_KEY"`,
    `OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`,
    `AWS_ACCESS_KEY_ID=AKIAXXXXXXXXXXXXXXXX`,
    `export GITHUB_TOKEN=<your-github-token>`,
    `password = "\${DB_PASSWORD}"`,
    `STRIPE_SECRET_KEY=sk_live_...`,
    `Authorization: Bearer <token>`,
    `api_key = os.environ["API_KEY"]`,
    `password: changeme`,
    `client_secret = "REPLACE_ME_WITH_THE_REAL_SECRET"`,
    `token: ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX`,
    `aws_access_key_id = AKIAIOSFODNN7EXAMPLE`,
    `aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`,
    `const stripe = new Stripe(process.env.STRIPE_SECRET_KEY);`,
    `SLACK_BOT_TOKEN=xoxb-your-bot-token-here`,
    `GOOGLE_API_KEY="{{ google_api_key }}"`,
    `ANTHROPIC_API_KEY=sk-ant-...`,
    `secret_key: "********"`,
    `DB_PASSWORD=$(cat /run/secrets/db_password)`,
    `password = settings.DATABASE_PASSWORD`,
    `const token = await getToken(request);`,
    `# Set your key: export OPENAI_API_KEY="sk-..."`,
    `api_key: <insert-key-here>`,
    `jwt_secret = "example-secret-for-local-dev-only"`,
    `token = "dummy"`,
    `GITLAB_TOKEN=glpat-xxxxxxxxxxxxxxxxxxxx`,
    `password_hash = bcrypt.hashpw(password, bcrypt.gensalt())`,
    `The token expires after 3600 seconds; refresh it with the refresh_token grant.`,
    `Rotate the API key every 90 days and never commit it to git.`,
    `Store the secret in Vault under secret/data/payments and read it at start-up.`,
  ];
  for (const text of placeholders) list.negative(text, "placeholder or reference where a key goes");
  for (let i = 0; i < 6; i++) {
    const label = ["PUBLIC KEY", "CERTIFICATE", "RSA PUBLIC KEY", "CERTIFICATE REQUEST", "PUBLIC KEY", "CERTIFICATE"][i]!;
    list.negative(`${i % 2 === 0 ? "Add this to the trust store:\n" : ""}${pem(r, label, r.pick([162, 294, 550]))}`, `PEM ${label}: public material`);
  }
  for (let i = 0; i < 4; i++) {
    const key = `ssh-${r.pick(["rsa", "ed25519"])} AAAA${r.bytes(r.pick([51, 279])).toString("base64")} deploy@ci-runner-${i}`;
    list.negative(`Add my public key to authorized_keys: ${key}`, "SSH public key");
  }
  const hex = (n: number) => r.chars("0123456789abcdef", n);
  const identifiers = [
    () => `Request ${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)} timed out after 30 s.`,
    () => `Reverted in commit ${hex(40)}.`,
    () => `sha256sum: ${hex(64)}  gatehouse-linux-amd64.tar.gz`,
    () => `MD5 (report.pdf) = ${hex(32)}`,
    () => `"integrity": "sha512-${r.bytes(64).toString("base64")}"`,
    () => `image: ghcr.io/acme/api@sha256:${hex(64)}`,
    () => `<img src="data:image/png;base64,${r.bytes(r.pick([90, 180])).toString("base64")}" alt="logo">`,
    () => `etag: "${hex(32)}"`,
    () => `trace_id=${hex(32)} span_id=${hex(16)}`,
    () => `The Docker layer ${hex(12)} is cached.`,
    () => `const nonce = "${r.bytes(16).toString("base64")}";`,
    () => `Bitcoin block hash 00000000000000000${hex(47)} was mined today.`,
  ];
  for (let i = 0; i < 36; i++) list.negative(identifiers[i % identifiers.length]!(), "identifier, hash or encoded data with no secret");
  // Shapes of keys cut short or run on: not a key of any kind.
  const broken = [
    () => `ghp_${r.chars(ALNUM, 12)} is what the log shows, the rest was masked.`,
    () => `AKIA${r.chars(UPPER, 8)} (truncated in the screenshot)`,
    () => `The prefix sk_live_ marks live Stripe keys; sk_test_ marks test ones.`,
    () => `GitLab tokens start with glpat- and GitHub ones with ghp_ or github_pat_.`,
    () => `Slack bot tokens look like xoxb- followed by numbers.`,
    () => `Keys that begin with AIza are Google API keys; restrict them by referrer.`,
    () => `An OpenAI key starts with sk- and an Anthropic key with sk-ant-.`,
    () => `JWTs start with eyJ because base64 of '{"' is eyJ.`,
    () => `password: ${LOWER[r.int(0, 25)]}${r.chars(LOWER, 5)}`,
  ];
  for (const make of broken) list.negative(make(), "key prefix without a key");
}

// Multi-line code and configuration: the same files with the key written in, and with a placeholder.
const SNIPPETS: readonly { kind: number; code: (v: string) => string; placeholder: string }[] = [
  { kind: 7, code: (v) => `import openai\n\nclient = openai.OpenAI(\n    api_key="${v}",\n)\nprint(client.models.list())`, placeholder: "YOUR_OPENAI_API_KEY" },
  { kind: 5, code: (v) => `const Stripe = require("stripe");\nconst stripe = Stripe("${v}");\n\nmodule.exports = { stripe };`, placeholder: "sk_test_xxxxxxxxxxxxxxxxxxxxxxxx" },
  { kind: 0, code: (v) => `provider "aws" {\n  region     = "eu-central-1"\n  access_key = "${v}"\n}`, placeholder: "AKIAXXXXXXXXXXXXXXXX" },
  { kind: 2, code: (v) => `jobs:\n  release:\n    runs-on: ubuntu-latest\n    env:\n      GITHUB_TOKEN: ${v}\n    steps:\n      - uses: actions/checkout@v4`, placeholder: "${{ secrets.GITHUB_TOKEN }}" },
  { kind: 4, code: (v) => `# alerting.yml\nreceivers:\n  - name: ops\n    slack_configs:\n      - api_url: ${v}\n        channel: "#alerts"`, placeholder: "<slack-webhook-url>" },
  { kind: 8, code: (v) => `import anthropic\n\nclient = anthropic.Anthropic(api_key="${v}")\nmsg = client.messages.create(model="claude", max_tokens=64, messages=[])`, placeholder: "your-anthropic-key" },
  { kind: 6, code: (v) => `const firebaseConfig = {\n  apiKey: "${v}",\n  authDomain: "demo-app.firebaseapp.com",\n  projectId: "demo-app",\n};`, placeholder: "YOUR_FIREBASE_API_KEY" },
  { kind: 11, code: (v) => `services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: app\n      POSTGRES_PASSWORD: ${v}`, placeholder: "${POSTGRES_PASSWORD}" },
  { kind: 3, code: (v) => `[[runners]]\n  name = "build-01"\n  url = "https://gitlab.example.com"\n  token = "${v}"\n  executor = "docker"`, placeholder: "glpat-REPLACE_ME" },
  { kind: 11, code: (v) => `DATABASE_URL=postgres://app@db:5432/app\nREDIS_URL=redis://cache:6379\nSECRET_KEY=${v}\nDEBUG=false`, placeholder: "change-me" },
];

function snippets(r: SeededRandom, list: SampleList): void {
  for (const s of SNIPPETS) {
    const kind = KINDS[s.kind]!;
    for (let n = 0; n < 2; n++) list.positive(s.code(kind.make(r)), [kind.category], `${kind.category} in code`);
    list.negative(s.code(s.placeholder), "placeholder in code");
  }
}

/** Generated secret samples: one or more keys of every format the catalogue names, and their look-alikes. */
export function generateSecretSamples(seed: number): GeneratedSample[] {
  const list = new SampleList("gen-secret");
  positives(new SeededRandom(seed + 11), list);
  negatives(new SeededRandom(seed + 12), list);
  snippets(new SeededRandom(seed + 13), list);
  return list.samples;
}

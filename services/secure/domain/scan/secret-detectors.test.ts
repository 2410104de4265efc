import { describe, expect, it } from "vitest";
import { SECRET_DETECTORS } from "./secret-detectors.js";
import { detectIn } from "./scan-fixture.js";

// Synthetic values: random-looking, never issued by any vendor. Prefixes are
// split so secret scanners reading this file do not take them for leaks.
const AWS_ID = "AK" + "IAZ3MHQ5BXYDKS7WPQ";
const AWS_SECRET = "Xt9pLm2QzR7vKc4NbW8yHf1JdG6sTa3UeYo5iPqZ";
const GITHUB = "gh" + "p_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5";
const OPENAI = "sk" + "-proj-Tq8Zx3Lm9Pv2Rk7Nw4Yb6Hc1Jd5Gf0Sa8Ue3Io7Ky2Mt9";
const ANTHROPIC = "sk" + "-ant-api03-Qw7Er9Ty2Ui4Op6As8Df1Gh3Jk5Lz7Xc9Vb2Nm4Qw6Er8Ty1Ui3Op5As7Df9Gh2Jk4Lz6Xc8Vb1Nm3Qw5Er7Ty9Ui2Op4AA";
const JWT =
  "ey" + "JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI4ODQyMTciLCJyb2xlIjoiYWRtaW4ifQ.kX9pQ2mL7vR4tY8wZ1cB6nH3jF5sD0aG2eU9iO7yT4q";
const GITLAB = "gl" + "pat-Zq8_Xv3-Lm9Pk2Rt7Nw4";
const SLACK = "xo" + "xb-123456789012-1234567890123-Ab3De5Gh7Jk9Mn1Pq3Rs5Tu7";
const STRIPE = "sk" + "_live_51Hq8Zx3Lm9Pv2Rk7Nw4Yb6Hc1";
const GOOGLE = "AI" + "zaSyD3q8Zx3Lm9Pv2Rk7Nw4Yb6Hc1Jd5Gf0Sa";
const BEGIN_RSA = "-----" + "BEGIN RSA PRIVATE KEY-----";

describe("secret detectors", () => {
  it("cover the secrets library", () => {
    expect(SECRET_DETECTORS.map((d) => d.category)).toEqual([
      "aws_access_key_id",
      "aws_secret_access_key",
      "github_token",
      "gitlab_token",
      "slack_token",
      "stripe_key",
      "google_api_key",
      "openai_api_key",
      "anthropic_api_key",
      "private_key",
      "jwt",
      "provider_token",
      "connection_string",
      "generic_secret",
    ]);
  });

  it("aws keys: IDs by prefix, secrets by the value next to an AWS keyword; not the documented examples", () => {
    expect(detectIn("aws_access_key_id", `key ${AWS_ID}`)).toEqual([AWS_ID]);
    expect(detectIn("aws_secret_access_key", `aws_secret_access_key = "${AWS_SECRET}"`)).toEqual([AWS_SECRET]);
    expect(detectIn("aws_secret_access_key", `AWS credentials\n${AWS_ID},${AWS_SECRET}`)).toEqual([AWS_SECRET]);
    expect(detectIn("aws_access_key_id", "AKIAIOSFODNN7EXAMPLE AKIAXXXXXXXXXXXXXXXX")).toEqual([]);
    expect(detectIn("aws_secret_access_key", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")).toEqual([]);
    expect(detectIn("aws_secret_access_key", "AWS commit 3f786850e387550fdab836ed7e6dc881de23001b")).toEqual([]);
    expect(detectIn("aws_secret_access_key", `unrelated ${AWS_SECRET}`)).toEqual([]);
  });

  it("vendor tokens: GitHub, GitLab, Slack, Stripe, Google, OpenAI, Anthropic by prefix and randomness", () => {
    expect(detectIn("github_token", `GITHUB_TOKEN=${GITHUB}`)).toEqual([GITHUB]);
    expect(detectIn("gitlab_token", GITLAB)).toEqual([GITLAB]);
    expect(detectIn("slack_token", SLACK)).toEqual([SLACK]);
    expect(detectIn("stripe_key", STRIPE)).toEqual([STRIPE]);
    expect(detectIn("google_api_key", `key=${GOOGLE}`)).toEqual([GOOGLE]);
    expect(detectIn("openai_api_key", `OPENAI_API_KEY=${OPENAI}`)).toEqual([OPENAI]);
    expect(detectIn("anthropic_api_key", `x-api-key: ${ANTHROPIC}`)).toEqual([ANTHROPIC]);
    // An Anthropic key is not also an OpenAI key.
    expect(detectIn("openai_api_key", ANTHROPIC)).toEqual([]);
  });

  it("vendor tokens: placeholders, documented keys, publishable keys and truncated values are not secrets", () => {
    expect(detectIn("github_token", "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")).toEqual([]);
    expect(detectIn("gitlab_token", "glpat-XXXXXXXXXXXXXXXXXXXX")).toEqual([]);
    expect(detectIn("stripe_key", "sk_test_4eC39HqLyjWDarjtT1zdp7dc pk_live_51Hq8Zx3Lm9Pv2Rk7Nw4Yb6Hc1")).toEqual([]);
    expect(detectIn("openai_api_key", "sk-... sk-your-api-key-here sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")).toEqual([]);
    expect(detectIn("google_api_key", "AIzaSyExample")).toEqual([]);
  });

  it("private_key: a PEM block with a real body, also without its END line; not a placeholder block", () => {
    const body = "MIIEowIBAAKCAQEAq8Zx3Lm9Pv2Rk7Nw4Yb6Hc1Jd5Gf0Sa8Ue3Io7Ky2Mt9Qw7Er9Ty2Ui4Op6As8Df1Gh3Jk5Lz7Xc9Vb2Nm4";
    const block = `${BEGIN_RSA}\n${body}\n-----END RSA PRIVATE KEY-----`;
    expect(detectIn("private_key", `key:\n${block}\nthanks`)).toEqual([block]);
    expect(detectIn("private_key", `${BEGIN_RSA}\n${body}\n`)).toHaveLength(1);
    expect(detectIn("private_key", "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----")).toEqual([]);
  });

  it("jwt: three segments whose header names an algorithm; not the jwt.io sample", () => {
    expect(detectIn("jwt", `Bearer ${JWT}`)).toEqual([JWT]);
    expect(
      detectIn(
        "jwt",
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
      ),
    ).toEqual([]);
    expect(detectIn("jwt", "eyJub3QiOiJqd3QifQ.eyJzdWIiOiI4ODQyMTcifQ.kX9pQ2mL7vR4tY8wZ1cB6nH3")).toEqual([]);
  });

  it("generic_secret: high-entropy values assigned to secret-like names", () => {
    expect(detectIn("generic_secret", 'DB_PASSWORD="Zx9#kLm2$Qp7vR4w"')).toEqual(["Zx9#kLm2$Qp7vR4w"]);
    expect(detectIn("generic_secret", "client_secret: 8fK2mQ9xL3vR7tZ1")).toEqual(["8fK2mQ9xL3vR7tZ1"]);
    // A URL's password is a connection_string finding now, not a generic one.
    expect(detectIn("generic_secret", "postgres://app:Zx9kLm2Qp7vR4wT8@db:5432/prod")).toEqual([]);
  });

  it("generic_secret: not low-entropy words, variables, references, placeholders or a specific key already found", () => {
    for (const text of [
      "password = hunter2",
      "password = passwordpassword",
      "password: ${DB_PASSWORD}",
      "token = os.environ['API_TOKEN']",
      "secret_key = settings.SECRET_KEY",
      "api_key = '<your-api-key>'",
      "password=changeme123",
      `api_key = ${OPENAI}`,
      "client_secret: ./config/prod-Wq7rT2zLk9.json",
    ]) {
      expect(detectIn("generic_secret", text), text).toEqual([]);
    }
  });
  it("generic_secret: XML elements and NuGet passwords, HTTP auth headers, CLI flags, curl -u and Kubernetes Secret data", () => {
    expect(detectIn("generic_secret", "<dbPassword>Zx9#kLm2$Qp7vR4w</dbPassword>")).toEqual(["Zx9#kLm2$Qp7vR4w"]);
    expect(detectIn("generic_secret", '<add key="ClearTextPassword" value="Wq7rt2Lk9" />')).toEqual(["Wq7rt2Lk9"]);
    expect(detectIn("generic_secret", 'curl -H "Authorization: Bearer Zx9kLm2Qp7vR4wT8yU3i" https://api.test')).toEqual(["Zx9kLm2Qp7vR4wT8yU3i"]);
    expect(detectIn("generic_secret", "deploy --api-key Zx9kLm2Qp7vR4wT8 --region eu")).toEqual(["Zx9kLm2Qp7vR4wT8"]);
    expect(detectIn("generic_secret", "curl \\\n  -u deploy:Qp7vR4wZx9 https://ci.test/api")).toEqual(["deploy:Qp7vR4wZx9"]);
    const manifest = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  password: Wng5a0xtMlFwN3ZSNHc=\n";
    expect(detectIn("generic_secret", manifest)).toEqual(["Wng5a0xtMlFwN3ZSNHc="]);
  });

  it("generic_secret: not public or database keys, names of where a secret is, curl variables or encoded placeholders", () => {
    for (const text of [
      'public_key = "Zx9kLm2Qp7vR4wT8yU3i"',
      'primary_key: "Zx9kLm2Qp7vR4wT8yU3i"',
      "token_url = https://auth.test/oauth2/token",
      'secret_name = "prod/db/Zx9kLm2Qp7"',
      'access_key_id = "Zx9kLm2Qp7vR4wT8yU3i"',
      "curl -u deploy:$DEPLOY_PASSWORD https://ci.test",
      "curl -u admin:admin https://ci.test",
      "kind: Secret\ndata:\n  password: Y2hhbmdlbWU=\n",
    ]) {
      expect(detectIn("generic_secret", text), text).toEqual([]);
    }
  });

  it("generic_secret: an AWS ARN names a secret or a parameter, in any partition; it is none", () => {
    for (const text of [
      "arn:aws:secretsmanager:ap-south-1:480213367745:secret:payments/stripe_webhook-Lq27Vd",
      'SecretId: "arn:aws-us-gov:secretsmanager:us-gov-west-1:903318270041:secret:ledger/api-token-7Hk2Pw"',
      "DB_SECRET_ARN=arn:aws-cn:secretsmanager:cn-northwest-1:662014795530:secret:rds!cluster-4f1e7b2a",
    ]) {
      expect(detectIn("generic_secret", text), text).toEqual([]);
    }
    // A value after the ARN is still read: here a real token follows it.
    expect(detectIn("generic_secret", "secret_arn: arn:aws:secretsmanager:ap-south-1:480213367745:secret:x\ntoken: Rw7kQ2zXv9Lm4PnT")).toEqual(["Rw7kQ2zXv9Lm4PnT"]);
  });

  it("generic_secret: the value a command fetching a secret printed on the next line of a pasted session", () => {
    const sessions: [string, string][] = [
      ["$ vault kv get -mount=kv -field=api_token payments/stripe\nTm4vX8qLz2Rw9KpB3sYd\n$ ", "Tm4vX8qLz2Rw9KpB3sYd"],
      ["PS> op read 'op://Ops/ledger-db/password'\r\nLq9#vT2x!Wm4\r\n", "Lq9#vT2x!Wm4"],
      ["aws secretsmanager get-secret-value --secret-id billing/api --query SecretString --output text\nh7Rk2mZq9XwL4pVt8sNc", "h7Rk2mZq9XwL4pVt8sNc"],
      ["kubectl get secret ledger-db -n prod -o jsonpath='{.data.password}' | base64 -d\n  Vw3pK8zQ2mTx\n", "Vw3pK8zQ2mTx"],
      ["gcloud secrets versions access 3 --secret=webhook-signing\n9f2c41e7b8a05d3e6c1f7a29b4d80e53", "9f2c41e7b8a05d3e6c1f7a29b4d80e53"],
    ];
    for (const [text, value] of sessions) expect(detectIn("generic_secret", text), text).toEqual([value]);
  });

  it("generic_secret: not what such a command prints that is no secret: JSON, a table, a path, a placeholder, a blank line, nor a value after another command", () => {
    for (const text of [
      "aws secretsmanager get-secret-value --secret-id billing/api\n{\n",
      "$ kubectl get secrets\nNAME          TYPE     DATA   AGE\n",
      "vault read -field=path kv/config\nkv/data/prod/payments-api\n",
      "op read op://Ops/db/password\n<your-password>\n",
      "vault kv get -field=token kv/ci\n\nTm4vX8qLz2Rw9KpB3sYd\n",
      "$ cat notes.txt\nTm4vX8qLz2Rw9KpB3sYd\n",
      "kubectl get secret db -o jsonpath='{.data.password}'\nY2hhbmdlbWUxMjM=\n",
    ]) {
      expect(detectIn("generic_secret", text), text).toEqual([]);
    }
  });

  it("generic_secret: a password shared with its user in chat, as user / password or after a login and a password label", () => {
    const shared: [string, string][] = [
      ["Jenkins admin: ci-admin / Rv8#kQ2mZx", "Rv8#kQ2mZx"],
      ["staging creds: svc_etl / pT4wK9zLq2", "pT4wK9zLq2"],
      ["login: reporter password: hN3vX8qT", "hN3vX8qT"],
      ["for the VPN, user j.ortiz, pass: Wq2!mL7z", "Wq2!mL7z"],
      ['username "svc-ledger" pwd "Zt6kP1xNq4"', "Zt6kP1xNq4"],
    ];
    for (const [text, value] of shared) expect(detectIn("generic_secret", text), text).toEqual([value]);
  });

  it("generic_secret: not a pair of words, the user again, a placeholder, a variable, an option or code after a password label", () => {
    for (const text of [
      "user: read/write",
      "admin: enabled/disabled",
      "login: admin / admin",
      "Please enter your login and password below",
      "user deploy password deploy",
      "login ops password <password>",
      "user: ops pw: $OPS_PASSWORD",
      "curl --user ops:pass --insecure https://ci.test",
      "await login(usernamePassword(credentialsFrom(env)))",
      "admin john passed: 2024-01-05T10:00",
      "credentials: ~/.aws/credentials",
    ]) {
      expect(detectIn("generic_secret", text), text).toEqual([]);
    }
  });

  it("generic_secret: a .netrc entry's password, on one line or over several, also a platform API key shaped as a UUID", () => {
    const uuid = "c41f07d2-9e3b-4a86-b5d0-7f28e1a93c64";
    expect(detectIn("generic_secret", `machine api.heroku.com login ana@example.org password ${uuid}`)).toEqual([uuid]);
    expect(detectIn("generic_secret", `machine git.heroku.com\n  login ana@example.org\n  password ${uuid}\n`)).toEqual([uuid]);
    expect(detectIn("generic_secret", "machine ftp.example.net password Kp4xW9qLz2")).toEqual(["Kp4xW9qLz2"]);
    for (const text of ["machine learning password policy", "machine build01 login ci password ci", "machine api.example.com login me password $NETRC_PASSWORD"]) {
      expect(detectIn("generic_secret", text), text).toEqual([]);
    }
  });

  it("connection_string: the password of a connection URI or a Password= field; not defaults, variables or placeholders", () => {
    expect(detectIn("connection_string", "postgres://app:Zx9kLm2Qp7vR4wT8@db:5432/prod")).toEqual(["Zx9kLm2Qp7vR4wT8"]);
    expect(detectIn("connection_string", "mongodb+srv://svc:Qp7vR4wZx9@cluster0.test/app")).toEqual(["Qp7vR4wZx9"]);
    expect(detectIn("connection_string", "Server=sql01;Database=Sales;User Id=sa;Password=Wq7rt2Lk9x;")).toEqual(["Wq7rt2Lk9x"]);
    for (const text of [
      "postgres://postgres:postgres@localhost/dev",
      "mysql://app:${MYSQL_PASSWORD}@db/app",
      "postgresql://user:password@host:5432/db",
      "mongodb://<username>:<password>@cluster.test",
      "redis://cache:6379/0",
      "Server=sql01;Database=Sales;Integrated Security=true;",
    ]) {
      expect(detectIn("connection_string", text), text).toEqual([]);
    }
  });

  it("jwt: an unsecured token (alg none) whole, and a JWT base64-encoded again, also wrapped over lines", () => {
    const unsecured = "eyJhbGciOiJub25lIn0.eyJzdWIiOiI4ODQyMTciLCJyb2xlIjoiYWRtaW4ifQ.";
    expect(detectIn("jwt", `token=${unsecured}`)).toEqual([unsecured]);
    // Signed with HS256 but cut before the signature: no longer usable.
    expect(detectIn("jwt", `token=${JWT.slice(0, JWT.lastIndexOf(".") + 1)}`)).toEqual([]);
    const encoded = Buffer.from(JWT).toString("base64");
    expect(detectIn("jwt", `JWT_B64=${encoded}`)).toEqual([encoded]);
    const wrapped = `${encoded.slice(0, 76)}\n${encoded.slice(76)}`;
    expect(detectIn("jwt", `token: |\n${wrapped}\n`)).toEqual([wrapped]);
    expect(detectIn("jwt", `blob ${Buffer.from("eyJub3QiOiJhIGp3dCJ9.eyJ4IjoxfQ").toString("base64")}`)).toEqual([]);
  });
});

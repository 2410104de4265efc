/**
 * One token format of a known provider, as data: the `provider_token`
 * detector is built from this table, and its tests generate a positive and
 * negative fixtures of every row from `shape`.
 */
export interface ProviderTokenFormat {
  /** Stable kebab-case ID (`twilio-api-key`). */
  id: string;
  provider: string;
  /** What a finding of it is called (`Twilio API key`). */
  label: string;
  /**
   * The token itself as a token shape (see `compileTokenShape`): literal
   * text, random parts `{alphabet:n}` and choices `(a|b)`.
   */
  shape: string;
  /**
   * For tokens without a distinctive prefix: names of which one must be part
   * of the setting the value is assigned to (`ADAFRUIT_KEY = "…"`), matched
   * case-insensitively, like the value. Absent when the shape alone is distinctive.
   */
  keywords?: readonly string[];
  /**
   * Command-line options that take the token (`--account-key`), matched
   * case-insensitively: the value follows after `=` or a space, quoted or not.
   * A space alone is no assignment elsewhere, so only these options take one.
   */
  flags?: readonly string[];
  /**
   * Least Shannon entropy (bits per character) of the random part; default:
   * what random values of the shape reach (see `defaultMinEntropy`). Set for
   * tokens that encode structure (base64 of JSON or of a URL), whose
   * characters are far from uniform.
   */
  minEntropy?: number;
}

// Which providers and token formats exist (and which of them need a keyword
// next to them to be told apart) follows the rule list of gitleaks
// (github.com/gitleaks/gitleaks, MIT) and vendors' documentation; the shapes
// are written here, in this table's own notation. Formats of the providers
// with a category of their own (AWS access keys, GitHub, GitLab personal
// tokens, Slack, Stripe, Google API keys, OpenAI, Anthropic) are not repeated.
const UUID = "{hex:8}-{hex:4}-{hex:4}-{hex:4}-{hex:12}";

/** Every provider token format the `provider_token` category finds. */
export const PROVIDER_TOKEN_FORMATS: readonly ProviderTokenFormat[] = [
  // Cloud platforms
  { id: "alibaba-access-key-id", provider: "Alibaba Cloud", label: "Alibaba Cloud AccessKey ID", shape: "LTAI{alnum:20}" },
  { id: "alibaba-secret-key", provider: "Alibaba Cloud", label: "Alibaba Cloud AccessKey secret", shape: "{a36:30}", keywords: ["alibaba"] },
  { id: "amazon-bedrock-long-lived-key", provider: "Amazon Bedrock", label: "Amazon Bedrock API key", shape: "ABSK{b64:109-269}", minEntropy: 3 },
  { id: "amazon-bedrock-short-lived-key", provider: "Amazon Bedrock", label: "Amazon Bedrock short-term API key", shape: "bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t{b64pad:20-1000}", minEntropy: 3 },
  { id: "azure-ad-client-secret", provider: "Microsoft Entra ID", label: "Microsoft Entra ID client secret", shape: "{entra:3}{digit:1}Q~{entra:31-34}" },
  {
    // 64 random bytes in base64, given as a connection string's AccountKey=, a setting or an option of az.
    id: "azure-storage-account-key",
    provider: "Azure Storage",
    label: "Azure Storage account key",
    shape: "{b64:86}==",
    // Four names at most, so that the scan can search for them (AccountKey, storageAccountKey, AZURE_STORAGE_KEY).
    keywords: ["accountkey", "account_key", "account-key", "storage_key"],
    // az storage … --account-key; PowerShell's New-AzStorageContext -StorageAccountKey.
    flags: ["--account-key", "-storageaccountkey"],
  },
  { id: "azure-devops-pat", provider: "Azure DevOps", label: "Azure DevOps personal access token", shape: "{a36:52}", keywords: ["azure_devops", "azuredevops", "ado_pat", "ado_token", "devops_pat", "devops_token"] },
  { id: "azure-openai-key", provider: "Azure OpenAI", label: "Azure OpenAI API key", shape: "{hex:32}", keywords: ["azure_openai", "azureopenai", "azure-openai"] },
  { id: "cloudflare-api-token", provider: "Cloudflare", label: "Cloudflare API token", shape: "{url:40}", keywords: ["cloudflare", "cf_api_token", "cf_token"] },
  { id: "cloudflare-global-api-key", provider: "Cloudflare", label: "Cloudflare global API key", shape: "{hex:37}", keywords: ["cloudflare", "cf_api_key"] },
  { id: "cloudflare-origin-ca-key", provider: "Cloudflare", label: "Cloudflare Origin CA key", shape: "v1.0-{hex:24}-{hex:146}" },
  { id: "digitalocean-pat", provider: "DigitalOcean", label: "DigitalOcean personal access token", shape: "dop_v1_{hex:64}" },
  { id: "digitalocean-oauth-token", provider: "DigitalOcean", label: "DigitalOcean OAuth token", shape: "doo_v1_{hex:64}" },
  { id: "digitalocean-refresh-token", provider: "DigitalOcean", label: "DigitalOcean refresh token", shape: "dor_v1_{hex:64}" },
  { id: "flyio-token", provider: "Fly.io", label: "Fly.io access token", shape: "(fo1_{url:43}|fm1a_{b64:100-1000}|fm1r_{b64:100-1000}|fm2_{b64:100-1000})", minEntropy: 3 },
  { id: "gcp-oauth-client-secret", provider: "Google Cloud", label: "Google OAuth client secret", shape: "GOCSPX-{url:28}" },
  { id: "google-oauth-access-token", provider: "Google Cloud", label: "Google OAuth access token", shape: "ya29.{url:50-400}" },
  { id: "heroku-api-key", provider: "Heroku", label: "Heroku API key", shape: UUID, keywords: ["heroku"] },
  { id: "heroku-api-key-v2", provider: "Heroku", label: "Heroku platform API key", shape: "HRKU-AA{url:58}" },
  { id: "hetzner-api-token", provider: "Hetzner", label: "Hetzner Cloud API token", shape: "{alnum:64}", keywords: ["hetzner", "hcloud"] },
  { id: "ibm-cloud-api-key", provider: "IBM Cloud", label: "IBM Cloud API key", shape: "{url:44}", keywords: ["ibm_cloud", "ibmcloud", "ibm-cloud", "ibm_api_key"] },
  { id: "linode-token", provider: "Linode", label: "Linode API token", shape: "{hex:64}", keywords: ["linode"] },
  { id: "netlify-access-token", provider: "Netlify", label: "Netlify access token", shape: "{token:40-46}", keywords: ["netlify"] },
  { id: "openshift-user-token", provider: "OpenShift", label: "OpenShift user token", shape: "sha256~{url:43}" },
  { id: "scaleway-access-key", provider: "Scaleway", label: "Scaleway access key", shape: "SCW{A36:17}" },
  { id: "scaleway-secret-key", provider: "Scaleway", label: "Scaleway secret key", shape: UUID, keywords: ["scaleway", "scw_secret"] },
  { id: "tencent-secret-id", provider: "Tencent Cloud", label: "Tencent Cloud SecretId", shape: "AKID{alnum:32}" },
  { id: "vercel-token", provider: "Vercel", label: "Vercel access token", shape: "{alnum:24}", keywords: ["vercel"] },
  { id: "vultr-api-key", provider: "Vultr", label: "Vultr API key", shape: "{A36:36}", keywords: ["vultr"] },
  { id: "yandex-access-token", provider: "Yandex Cloud", label: "Yandex Cloud IAM token", shape: "t1.{url:1-200}(==|=|).{url:86}(==|=|)", keywords: ["yandex"] },
  { id: "yandex-api-key", provider: "Yandex Cloud", label: "Yandex Cloud API key", shape: "AQVN{url:35-38}" },
  { id: "yandex-aws-access-token", provider: "Yandex Cloud", label: "Yandex Cloud static access key", shape: "YC{url:38}", keywords: ["yandex"] },
  { id: "render-api-key", provider: "Render", label: "Render API key", shape: "rnd_{alnum:32}" },

  // Source hosting, CI and developer tools
  { id: "atlassian-api-token", provider: "Atlassian", label: "Atlassian API token", shape: "ATATT3{token:186}" },
  { id: "atlassian-api-token-legacy", provider: "Atlassian", label: "Atlassian API token (legacy)", shape: "{a36:24}", keywords: ["atlassian", "confluence", "jira"] },
  { id: "bitbucket-client-id", provider: "Bitbucket", label: "Bitbucket client ID", shape: "{a36:32}", keywords: ["bitbucket"] },
  { id: "bitbucket-client-secret", provider: "Bitbucket", label: "Bitbucket client secret", shape: "{token:64}", keywords: ["bitbucket"] },
  { id: "bitbucket-app-password", provider: "Bitbucket", label: "Bitbucket app password", shape: "ATBB{alnum:32}" },
  { id: "buildkite-agent-token", provider: "Buildkite", label: "Buildkite API token", shape: "bkua_{hex:40}" },
  { id: "circleci-token", provider: "CircleCI", label: "CircleCI personal API token", shape: "CCIPAT_{alnum:22}_{hex:40}" },
  { id: "circleci-legacy-token", provider: "CircleCI", label: "CircleCI API token", shape: "{hex:40}", keywords: ["circleci", "circle_token", "circle-token"] },
  { id: "codecov-access-token", provider: "Codecov", label: "Codecov access token", shape: "{a36:32}", keywords: ["codecov"] },
  { id: "droneci-access-token", provider: "Drone CI", label: "Drone CI access token", shape: "{a36:32}", keywords: ["droneci", "drone_token"] },
  { id: "gitea-token", provider: "Gitea", label: "Gitea access token", shape: "{hex:40}", keywords: ["gitea"] },
  { id: "gitlab-cicd-job-token", provider: "GitLab", label: "GitLab CI/CD job token", shape: "glcbt-{alnum:1-5}_{url:20}" },
  { id: "gitlab-deploy-token", provider: "GitLab", label: "GitLab deploy token", shape: "gldt-{url:20}" },
  { id: "gitlab-feature-flag-token", provider: "GitLab", label: "GitLab feature flags client token", shape: "glffct-{url:20}" },
  { id: "gitlab-feed-token", provider: "GitLab", label: "GitLab feed token", shape: "glft-{url:20}" },
  { id: "gitlab-incoming-mail-token", provider: "GitLab", label: "GitLab incoming mail token", shape: "glimt-{url:25}" },
  { id: "gitlab-agent-token", provider: "GitLab", label: "GitLab Kubernetes agent token", shape: "glagent-{url:50}" },
  { id: "gitlab-oauth-app-secret", provider: "GitLab", label: "GitLab OAuth application secret", shape: "gloas-{url:64}" },
  { id: "gitlab-pipeline-trigger-token", provider: "GitLab", label: "GitLab pipeline trigger token", shape: "glptt-{hex:40}" },
  { id: "gitlab-runner-registration-token", provider: "GitLab", label: "GitLab runner registration token", shape: "GR1348941{url:20}" },
  { id: "gitlab-runner-token", provider: "GitLab", label: "GitLab runner authentication token", shape: "glrt-{url:20-300}" },
  { id: "gitlab-scim-token", provider: "GitLab", label: "GitLab SCIM token", shape: "glsoat-{url:20}" },
  { id: "gitlab-session-cookie", provider: "GitLab", label: "GitLab session cookie", shape: "_gitlab_session={a36:32}" },
  { id: "gitter-access-token", provider: "Gitter", label: "Gitter access token", shape: "{url:40}", keywords: ["gitter"] },
  { id: "harness-api-key", provider: "Harness", label: "Harness API key", shape: "(pat|sat).{url:22}.{alnum:24}.{alnum:20}" },
  { id: "hashicorp-terraform-token", provider: "HashiCorp", label: "Terraform Cloud API token", shape: "{alnum:14}.atlasv1.{url:60-70}" },
  { id: "infracost-api-token", provider: "Infracost", label: "Infracost API token", shape: "ico-{alnum:32}" },
  { id: "linear-api-key", provider: "Linear", label: "Linear API key", shape: "lin_api_{alnum:40}" },
  { id: "linear-client-secret", provider: "Linear", label: "Linear OAuth client secret", shape: "{hex:32}", keywords: ["linear"] },
  { id: "octopus-deploy-api-key", provider: "Octopus Deploy", label: "Octopus Deploy API key", shape: "API-{A36:26}" },
  { id: "postman-api-key", provider: "Postman", label: "Postman API key", shape: "PMAK-{Hex:24}-{Hex:34}" },
  { id: "prefect-api-key", provider: "Prefect", label: "Prefect API key", shape: "pnu_{alnum:36}" },
  { id: "pulumi-access-token", provider: "Pulumi", label: "Pulumi access token", shape: "pul-{hex:40}" },
  { id: "readme-api-key", provider: "ReadMe", label: "ReadMe API key", shape: "rdme_{a36:70}" },
  { id: "scalingo-api-token", provider: "Scalingo", label: "Scalingo API token", shape: "tk-us-{url:48}" },
  { id: "snyk-api-token", provider: "Snyk", label: "Snyk API token", shape: UUID, keywords: ["snyk"] },
  { id: "sonar-token", provider: "SonarQube", label: "SonarQube token", shape: "(squ_|sqp_|sqa_){hex:40}" },
  { id: "sonar-legacy-token", provider: "SonarQube", label: "SonarQube token (legacy)", shape: "(squ_|sqp_|sqa_|){token:40}", keywords: ["sonar"] },
  { id: "sourcegraph-access-token", provider: "Sourcegraph", label: "Sourcegraph access token", shape: "sgp_({Hex:16}_|local_|){Hex:40}" },
  { id: "sourcegraph-access-token-keyed", provider: "Sourcegraph", label: "Sourcegraph access token", shape: "{Hex:40}", keywords: ["sourcegraph"] },
  { id: "travisci-access-token", provider: "Travis CI", label: "Travis CI access token", shape: "{a36:22}", keywords: ["travis"] },
  { id: "figma-pat", provider: "Figma", label: "Figma personal access token", shape: "figd_{url:40}" },
  { id: "jfrog-api-key", provider: "JFrog", label: "JFrog Artifactory API key", shape: "AKCp{alnum:69}" },
  { id: "jfrog-reference-token", provider: "JFrog", label: "JFrog Artifactory reference token", shape: "cmVmd{alnum:59}" },
  { id: "jfrog-api-key-keyed", provider: "JFrog", label: "JFrog API key", shape: "{a36:73}", keywords: ["jfrog", "artifactory", "bintray", "xray"] },
  { id: "jfrog-identity-token", provider: "JFrog", label: "JFrog identity token", shape: "{a36:64}", keywords: ["jfrog", "artifactory", "bintray", "xray"] },
  { id: "doppler-api-token", provider: "Doppler", label: "Doppler API token", shape: "dp.(pt|st|sa|ct|scim|audit).{alnum:40-44}" },
  { id: "vault-service-token", provider: "HashiCorp Vault", label: "Vault service token", shape: "hvs.{url:90-120}" },
  { id: "vault-batch-token", provider: "HashiCorp Vault", label: "Vault batch token", shape: "hvb.{url:138-300}" },
  { id: "vault-legacy-token", provider: "HashiCorp Vault", label: "Vault token (legacy)", shape: "s.{alnum:24}", keywords: ["vault"] },
  { id: "defined-networking-api-token", provider: "Defined Networking", label: "Defined Networking API token", shape: "dnkey-{token:26}-{token:52}" },
  { id: "authress-access-key", provider: "Authress", label: "Authress service client access key", shape: "(sc|ext|scauth|authress)_{a36:5-30}.{a36:4-6}.acc(_|-){a36:10-32}.{b64:30-120}" },
  { id: "settlemint-application-token", provider: "SettleMint", label: "SettleMint application access token", shape: "sm_aat_{alnum:16}" },
  { id: "settlemint-personal-token", provider: "SettleMint", label: "SettleMint personal access token", shape: "sm_pat_{alnum:16}" },
  { id: "settlemint-service-token", provider: "SettleMint", label: "SettleMint service access token", shape: "sm_sat_{alnum:16}" },
  { id: "onepassword-secret-key", provider: "1Password", label: "1Password secret key", shape: "A3-{A36:6}-({A36:11}|{A36:6}-{A36:5})-{A36:5}-{A36:5}-{A36:5}" },
  { id: "onepassword-service-account-token", provider: "1Password", label: "1Password service account token", shape: "ops_eyJ{b64:250-2000}", minEntropy: 3 },
  { id: "age-secret-key", provider: "age", label: "age secret key", shape: "AGE-SECRET-KEY-1{bech32:58}" },
  { id: "intra42-client-secret", provider: "42", label: "42 intra client secret", shape: "s-s4t2(ud|af)-{hex:64}" },
  { id: "frameio-api-token", provider: "Frame.io", label: "Frame.io API token", shape: "fio-u-{token:64}" },
  { id: "privateai-api-key", provider: "Private AI", label: "Private AI API key", shape: "{a36:32}", keywords: ["privateai", "private_ai", "private-ai"] },

  // Package registries
  { id: "npm-access-token", provider: "npm", label: "npm access token", shape: "npm_{alnum:36}" },
  { id: "pypi-upload-token", provider: "PyPI", label: "PyPI upload token", shape: "pypi-AgEIcHlwaS5vcmc{url:50-1000}", minEntropy: 3 },
  { id: "rubygems-api-key", provider: "RubyGems", label: "RubyGems API key", shape: "rubygems_{hex:48}" },
  { id: "nuget-api-key", provider: "NuGet", label: "NuGet API key", shape: "oy2{a36:43}" },
  { id: "dockerhub-pat", provider: "Docker Hub", label: "Docker Hub personal access token", shape: "dckr_pat_{url:27}" },
  { id: "crates-io-token", provider: "crates.io", label: "crates.io API token", shape: "cio{alnum:32}" },
  { id: "clojars-api-token", provider: "Clojars", label: "Clojars deploy token", shape: "CLOJARS_{a36:60}" },
  { id: "cloudsmith-api-key", provider: "Cloudsmith", label: "Cloudsmith API key", shape: "{hex:40}", keywords: ["cloudsmith"] },
  { id: "packagecloud-token", provider: "packagecloud", label: "packagecloud API token", shape: "{hex:48}", keywords: ["packagecloud"] },

  // Payment and commerce
  { id: "square-access-token", provider: "Square", label: "Square access token", shape: "(EAAA|sq0atp-){url:22-60}" },
  { id: "square-oauth-secret", provider: "Square", label: "Square OAuth secret", shape: "sq0csp-{url:43}" },
  { id: "braintree-access-token", provider: "Braintree", label: "PayPal Braintree access token", shape: "access_token$production${a36:16}${hex:32}" },
  { id: "razorpay-key", provider: "Razorpay", label: "Razorpay API key", shape: "rzp_(live|test)_{alnum:14}" },
  { id: "coinbase-access-token", provider: "Coinbase", label: "Coinbase access token", shape: "{url:64}", keywords: ["coinbase"] },
  { id: "gocardless-api-token", provider: "GoCardless", label: "GoCardless access token", shape: "live_{token:40}", keywords: ["gocardless"] },
  { id: "flutterwave-secret-key", provider: "Flutterwave", label: "Flutterwave secret key", shape: "FLWSECK_TEST-{hex:32}-X" },
  { id: "flutterwave-public-key", provider: "Flutterwave", label: "Flutterwave public key", shape: "FLWPUBK_TEST-{hex:32}-X" },
  { id: "flutterwave-encryption-key", provider: "Flutterwave", label: "Flutterwave encryption key", shape: "FLWSECK_TEST-{hex:12}" },
  { id: "duffel-api-token", provider: "Duffel", label: "Duffel API token", shape: "duffel_(test|live)_{token:43}" },
  { id: "shippo-api-token", provider: "Shippo", label: "Shippo API token", shape: "shippo_(live|test)_{Hex:40}" },
  { id: "easypost-api-key", provider: "EasyPost", label: "EasyPost API key", shape: "EZAK{alnum:54}" },
  { id: "easypost-test-api-key", provider: "EasyPost", label: "EasyPost test API key", shape: "EZTK{alnum:54}" },
  { id: "lob-api-key", provider: "Lob", label: "Lob API key", shape: "(live|test)_{hex:35}", keywords: ["lob"] },
  { id: "lob-publishable-key", provider: "Lob", label: "Lob publishable key", shape: "(live|test)_pub_{hex:31}", keywords: ["lob"] },
  { id: "plaid-access-token", provider: "Plaid", label: "Plaid access token", shape: `access-(sandbox|development|production)-${UUID}` },
  { id: "plaid-client-id", provider: "Plaid", label: "Plaid client ID", shape: "{a36:24}", keywords: ["plaid"] },
  { id: "plaid-secret-key", provider: "Plaid", label: "Plaid secret", shape: "{a36:30}", keywords: ["plaid"] },
  { id: "finicity-api-token", provider: "Finicity", label: "Finicity API token", shape: "{hex:32}", keywords: ["finicity"] },
  { id: "finicity-client-secret", provider: "Finicity", label: "Finicity client secret", shape: "{a36:20}", keywords: ["finicity"] },
  { id: "shopify-access-token", provider: "Shopify", label: "Shopify access token", shape: "shpat_{Hex:32}" },
  { id: "shopify-custom-app-token", provider: "Shopify", label: "Shopify custom app access token", shape: "shpca_{Hex:32}" },
  { id: "shopify-private-app-token", provider: "Shopify", label: "Shopify private app access token", shape: "shppa_{Hex:32}" },
  { id: "shopify-shared-secret", provider: "Shopify", label: "Shopify shared secret", shape: "shpss_{Hex:32}" },
  { id: "squarespace-access-token", provider: "Squarespace", label: "Squarespace access token", shape: UUID, keywords: ["squarespace"] },
  { id: "etsy-access-token", provider: "Etsy", label: "Etsy API key", shape: "{a36:24}", keywords: ["etsy"] },
  { id: "freemius-secret-key", provider: "Freemius", label: "Freemius secret key", shape: "sk_{url:29}", keywords: ["secret_key"] },
  { id: "mollie-api-key", provider: "Mollie", label: "Mollie API key", shape: "(live|test)_{alnum:30}", keywords: ["mollie"] },
  { id: "paystack-secret-key", provider: "Paystack", label: "Paystack secret key", shape: "sk_(live|test)_{hex:40}", keywords: ["paystack"] },

  // Crypto exchanges and finance data
  { id: "bittrex-access-key", provider: "Bittrex", label: "Bittrex API key", shape: "{a36:32}", keywords: ["bittrex"] },
  { id: "binance-api-key", provider: "Binance", label: "Binance API key", shape: "{alnum:64}", keywords: ["binance"] },
  { id: "kraken-access-token", provider: "Kraken", label: "Kraken API key", shape: "{b64:80-90}", keywords: ["kraken"] },
  { id: "kucoin-access-token", provider: "KuCoin", label: "KuCoin API key", shape: "{hex:24}", keywords: ["kucoin"] },
  { id: "kucoin-secret-key", provider: "KuCoin", label: "KuCoin API secret", shape: UUID, keywords: ["kucoin"] },
  { id: "finnhub-access-token", provider: "Finnhub", label: "Finnhub API key", shape: "{a36:20}", keywords: ["finnhub"] },

  // Chat, social and messaging
  { id: "discord-api-token", provider: "Discord", label: "Discord API key", shape: "{hex:64}", keywords: ["discord"] },
  { id: "discord-client-id", provider: "Discord", label: "Discord client ID", shape: "{digit:18}", keywords: ["discord"] },
  { id: "discord-client-secret", provider: "Discord", label: "Discord client secret", shape: "{token:32}", keywords: ["discord"] },
  { id: "discord-webhook", provider: "Discord", label: "Discord webhook URL", shape: "https://discord(app|).com/api/webhooks/{digit:17-20}/{url:60-80}" },
  { id: "telegram-bot-token", provider: "Telegram", label: "Telegram bot token", shape: "{digit:8-10}:AA{url:33}" },
  { id: "telegram-bot-token-keyed", provider: "Telegram", label: "Telegram bot token", shape: "{digit:5-16}:A{url:34}", keywords: ["telegram", "telegr"] },
  { id: "microsoft-teams-webhook", provider: "Microsoft Teams", label: "Microsoft Teams webhook URL", shape: `https://{a36:1-40}.webhook.office.com/webhookb2/${UUID}@${UUID}/IncomingWebhook/{a36:32}/${UUID}` },
  { id: "mattermost-access-token", provider: "Mattermost", label: "Mattermost access token", shape: "{a36:26}", keywords: ["mattermost"] },
  { id: "twitch-api-token", provider: "Twitch", label: "Twitch API token", shape: "{a36:30}", keywords: ["twitch"] },
  { id: "twitter-api-key", provider: "X (Twitter)", label: "X (Twitter) API key", shape: "{alnum:25}", keywords: ["twitter"] },
  { id: "twitter-api-secret", provider: "X (Twitter)", label: "X (Twitter) API secret", shape: "{alnum:50}", keywords: ["twitter"] },
  { id: "twitter-access-token", provider: "X (Twitter)", label: "X (Twitter) access token", shape: "{digit:15-25}-{alnum:20-40}", keywords: ["twitter"] },
  { id: "twitter-access-secret", provider: "X (Twitter)", label: "X (Twitter) access token secret", shape: "{alnum:45}", keywords: ["twitter"] },
  { id: "twitter-bearer-token", provider: "X (Twitter)", label: "X (Twitter) bearer token", shape: "AAAAAAAAAAAAAAAAAAAAAA{pct:80-100}", keywords: ["twitter"] },
  { id: "facebook-secret", provider: "Meta", label: "Facebook app secret", shape: "{hex:32}", keywords: ["facebook"] },
  { id: "facebook-access-token", provider: "Meta", label: "Facebook app access token", shape: "{digit:15-16}(\\||%){url:27-40}", minEntropy: 3 },
  { id: "facebook-page-access-token", provider: "Meta", label: "Facebook page access token", shape: "EAA(M|C){alnum:100-400}" },
  { id: "linkedin-client-id", provider: "LinkedIn", label: "LinkedIn client ID", shape: "{a36:14}", keywords: ["linkedin", "linked_in", "linked-in"] },
  { id: "linkedin-client-secret", provider: "LinkedIn", label: "LinkedIn client secret", shape: "{a36:16}", keywords: ["linkedin", "linked_in", "linked-in"] },
  { id: "flickr-access-token", provider: "Flickr", label: "Flickr API key", shape: "{a36:32}", keywords: ["flickr"] },
  { id: "sendbird-access-id", provider: "Sendbird", label: "Sendbird application ID", shape: UUID, keywords: ["sendbird"] },
  { id: "sendbird-access-token", provider: "Sendbird", label: "Sendbird API token", shape: "{hex:40}", keywords: ["sendbird"] },
  { id: "messagebird-api-token", provider: "MessageBird", label: "MessageBird API key", shape: "{a36:25}", keywords: ["messagebird", "message_bird", "message-bird"] },
  { id: "messagebird-client-id", provider: "MessageBird", label: "MessageBird client ID", shape: UUID, keywords: ["messagebird", "message_bird", "message-bird"] },
  { id: "intercom-api-key", provider: "Intercom", label: "Intercom access token", shape: "{token:60}", keywords: ["intercom"] },
  { id: "zendesk-secret-key", provider: "Zendesk", label: "Zendesk API token", shape: "{a36:40}", keywords: ["zendesk"] },
  { id: "twilio-api-key", provider: "Twilio", label: "Twilio API key", shape: "SK{Hex:32}" },
  { id: "twilio-auth-token", provider: "Twilio", label: "Twilio auth token", shape: "{hex:32}", keywords: ["twilio"] },
  { id: "nytimes-access-token", provider: "New York Times", label: "New York Times API key", shape: "{token:32}", keywords: ["nytimes", "new-york-times", "newyorktimes"] },
  { id: "beamer-api-token", provider: "Beamer", label: "Beamer API key", shape: "b_{token:44}", keywords: ["beamer"] },

  // E-mail and marketing
  { id: "sendgrid-api-key", provider: "SendGrid", label: "SendGrid API key", shape: "SG.{url:22}.{url:43}" },
  { id: "sendinblue-api-key", provider: "Brevo (Sendinblue)", label: "Brevo (Sendinblue) API key", shape: "xkeysib-{hex:64}-{alnum:16}" },
  { id: "mailchimp-api-key", provider: "Mailchimp", label: "Mailchimp API key", shape: "{hex:32}-us{digit:1-2}", keywords: ["mailchimp"] },
  { id: "mailgun-private-api-token", provider: "Mailgun", label: "Mailgun private API key", shape: "key-{hex:32}", keywords: ["mailgun"] },
  { id: "mailgun-pub-key", provider: "Mailgun", label: "Mailgun public validation key", shape: "pubkey-{hex:32}", keywords: ["mailgun"] },
  { id: "mailgun-signing-key", provider: "Mailgun", label: "Mailgun webhook signing key", shape: "{hex:32}-{hex:8}-{hex:8}", keywords: ["mailgun"] },
  { id: "postmark-server-token", provider: "Postmark", label: "Postmark server token", shape: UUID, keywords: ["postmark"] },
  { id: "hubspot-api-key", provider: "HubSpot", label: "HubSpot API key", shape: UUID, keywords: ["hubspot"] },
  { id: "hubspot-private-app-token", provider: "HubSpot", label: "HubSpot private app token", shape: `pat-(na|eu)1-${UUID}` },
  { id: "typeform-api-token", provider: "Typeform", label: "Typeform personal access token", shape: "tfp_{token:59}" },

  // Monitoring and analytics
  { id: "datadog-access-token", provider: "Datadog", label: "Datadog application key", shape: "{a36:40}", keywords: ["datadog", "dd_app_key", "dd_application_key"] },
  { id: "datadog-api-key", provider: "Datadog", label: "Datadog API key", shape: "{hex:32}", keywords: ["datadog", "dd_api_key"] },
  { id: "dynatrace-api-token", provider: "Dynatrace", label: "Dynatrace API token", shape: "dt0c01.{A36:24}.{A36:64}" },
  { id: "grafana-api-key", provider: "Grafana", label: "Grafana API key", shape: "eyJrIjoi{alnum:70-400}", minEntropy: 3 },
  { id: "grafana-cloud-api-token", provider: "Grafana", label: "Grafana Cloud API token", shape: "glc_{b64:32-400}", minEntropy: 3 },
  { id: "grafana-service-account-token", provider: "Grafana", label: "Grafana service account token", shape: "glsa_{alnum:32}_{Hex:8}" },
  { id: "new-relic-user-api-key", provider: "New Relic", label: "New Relic user API key", shape: "NRAK-{A36:27}" },
  { id: "new-relic-insert-key", provider: "New Relic", label: "New Relic insert key", shape: "NRII-{url:32}" },
  { id: "new-relic-browser-api-token", provider: "New Relic", label: "New Relic browser API token", shape: "NRJS-{hex:19}" },
  { id: "new-relic-user-api-id", provider: "New Relic", label: "New Relic user API ID", shape: "{a36:64}", keywords: ["new-relic", "newrelic", "new_relic"] },
  { id: "new-relic-license-key", provider: "New Relic", label: "New Relic license key", shape: "{hex:36}NRAL" },
  { id: "sentry-user-token", provider: "Sentry", label: "Sentry user auth token", shape: "sntryu_{hex:64}" },
  { id: "sentry-org-token", provider: "Sentry", label: "Sentry organization auth token", shape: "sntrys_eyJpYXQiO{b64:60-400}_{b64:43}", minEntropy: 3 },
  { id: "sentry-access-token", provider: "Sentry", label: "Sentry auth token (legacy)", shape: "{hex:64}", keywords: ["sentry"] },
  { id: "sumologic-access-id", provider: "Sumo Logic", label: "Sumo Logic access ID", shape: "su{alnum:12}", keywords: ["sumo"] },
  { id: "sumologic-access-token", provider: "Sumo Logic", label: "Sumo Logic access key", shape: "{alnum:64}", keywords: ["sumo"] },
  { id: "cisco-meraki-api-key", provider: "Cisco Meraki", label: "Cisco Meraki API key", shape: "{hex:40}", keywords: ["meraki"] },
  { id: "launchdarkly-sdk-key", provider: "LaunchDarkly", label: "LaunchDarkly SDK key", shape: `(api|sdk)-${UUID}`, keywords: ["launchdarkly", "ld_sdk_key", "ld_api_key"] },
  { id: "launchdarkly-access-token", provider: "LaunchDarkly", label: "LaunchDarkly access token", shape: "{token:40}", keywords: ["launchdarkly"] },
  { id: "honeycomb-api-key", provider: "Honeycomb", label: "Honeycomb API key", shape: "{alnum:22-32}", keywords: ["honeycomb"] },
  { id: "pagerduty-api-key", provider: "PagerDuty", label: "PagerDuty API key", shape: "{url:20}", keywords: ["pagerduty"] },
  { id: "bugsnag-api-key", provider: "Bugsnag", label: "Bugsnag API key", shape: "{hex:32}", keywords: ["bugsnag"] },
  { id: "rollbar-access-token", provider: "Rollbar", label: "Rollbar access token", shape: "{hex:32}", keywords: ["rollbar"] },
  { id: "splunk-hec-token", provider: "Splunk", label: "Splunk HEC token", shape: UUID, keywords: ["splunk"] },
  { id: "fastly-api-token", provider: "Fastly", label: "Fastly API token", shape: "{token:32}", keywords: ["fastly"] },
  { id: "mapbox-api-token", provider: "Mapbox", label: "Mapbox access token", shape: "(pk|sk).eyJ{url:50-400}.{url:22}", minEntropy: 3 },
  { id: "algolia-api-key", provider: "Algolia", label: "Algolia API key", shape: "{a36:32}", keywords: ["algolia"] },
  { id: "looker-client-id", provider: "Looker", label: "Looker client ID", shape: "{a36:20}", keywords: ["looker"] },
  { id: "looker-client-secret", provider: "Looker", label: "Looker client secret", shape: "{a36:24}", keywords: ["looker"] },
  { id: "maxmind-license-key", provider: "MaxMind", label: "MaxMind license key", shape: "{alnum:6}_{alnum:29}_mmk" },
  { id: "rapidapi-access-token", provider: "RapidAPI", label: "RapidAPI key", shape: "{url:50}", keywords: ["rapidapi"] },

  // Productivity and content
  { id: "adafruit-api-key", provider: "Adafruit IO", label: "Adafruit IO key", shape: "{url:32}", keywords: ["adafruit"] },
  { id: "adobe-client-id", provider: "Adobe", label: "Adobe client ID", shape: "{hex:32}", keywords: ["adobe"] },
  { id: "adobe-client-secret", provider: "Adobe", label: "Adobe client secret", shape: "p8e-{alnum:32}" },
  { id: "airtable-api-key", provider: "Airtable", label: "Airtable API key", shape: "{a36:17}", keywords: ["airtable"] },
  { id: "airtable-pat", provider: "Airtable", label: "Airtable personal access token", shape: "pat{alnum:14}.{hex:64}" },
  { id: "asana-client-id", provider: "Asana", label: "Asana client ID", shape: "{digit:16}", keywords: ["asana"] },
  { id: "asana-client-secret", provider: "Asana", label: "Asana client secret", shape: "{a36:32}", keywords: ["asana"] },
  { id: "asana-pat", provider: "Asana", label: "Asana personal access token", shape: "{digit:1}/{digit:16}:{hex:32}", keywords: ["asana"] },
  { id: "contentful-delivery-api-token", provider: "Contentful", label: "Contentful delivery API token", shape: "{token:43}", keywords: ["contentful"] },
  { id: "contentful-management-token", provider: "Contentful", label: "Contentful management token", shape: "CFPAT-{url:43}" },
  { id: "dropbox-api-token", provider: "Dropbox", label: "Dropbox API secret", shape: "{a36:15}", keywords: ["dropbox"] },
  { id: "dropbox-long-lived-api-token", provider: "Dropbox", label: "Dropbox long-lived API token", shape: "{a36:11}AAAAAAAAAA{token:43}", keywords: ["dropbox"] },
  { id: "dropbox-short-lived-api-token", provider: "Dropbox", label: "Dropbox short-lived API token", shape: "sl.{url:135-1400}" },
  { id: "freshbooks-access-token", provider: "FreshBooks", label: "FreshBooks access token", shape: "{a36:64}", keywords: ["freshbooks"] },
  { id: "notion-api-token", provider: "Notion", label: "Notion integration token", shape: "ntn_{digit:11}{alnum:35}" },
  { id: "notion-legacy-token", provider: "Notion", label: "Notion integration token (legacy)", shape: "secret_{alnum:43}" },
  { id: "okta-access-token", provider: "Okta", label: "Okta API token", shape: "00{url:40}", keywords: ["okta"] },
  { id: "auth0-client-secret", provider: "Auth0", label: "Auth0 client secret", shape: "{url:64}", keywords: ["auth0"] },
  { id: "clickhouse-cloud-api-secret", provider: "ClickHouse", label: "ClickHouse Cloud API secret", shape: "4b1d{alnum:38}" },
  { id: "databricks-api-token", provider: "Databricks", label: "Databricks API token", shape: "dapi{hex:32}(-{digit:1}|)" },
  { id: "planetscale-api-token", provider: "PlanetScale", label: "PlanetScale API token", shape: "pscale_tkn_{url:32-64}" },
  { id: "planetscale-oauth-token", provider: "PlanetScale", label: "PlanetScale OAuth token", shape: "pscale_oauth_{url:32-64}" },
  { id: "planetscale-password", provider: "PlanetScale", label: "PlanetScale password", shape: "pscale_pw_{url:32-64}" },
  { id: "supabase-access-token", provider: "Supabase", label: "Supabase access token", shape: "sbp_{hex:40}" },
  { id: "confluent-access-token", provider: "Confluent", label: "Confluent API key", shape: "{a36:16}", keywords: ["confluent"] },
  { id: "confluent-secret-key", provider: "Confluent", label: "Confluent API secret", shape: "{alnum:64}", keywords: ["confluent"] },
  { id: "sidekiq-secret", provider: "Sidekiq", label: "Sidekiq Enterprise credentials", shape: "{hex:8}:{hex:8}", keywords: ["bundle_enterprise__contribsys__com", "bundle_gems__contribsys__com"] },
  { id: "sidekiq-sensitive-url", provider: "Sidekiq", label: "Sidekiq Enterprise URL with credentials", shape: "http(s|)://{hex:8}:{hex:8}@(gems|enterprise).contribsys.com" },

  // AI and machine learning
  { id: "huggingface-access-token", provider: "Hugging Face", label: "Hugging Face access token", shape: "hf_{alpha:34}" },
  { id: "huggingface-org-token", provider: "Hugging Face", label: "Hugging Face organization API token", shape: "api_org_{alpha:34}" },
  { id: "cohere-api-token", provider: "Cohere", label: "Cohere API key", shape: "{alnum:40}", keywords: ["cohere", "co_api_key"] },
  { id: "perplexity-api-key", provider: "Perplexity", label: "Perplexity API key", shape: "pplx-{alnum:48}" },
  { id: "replicate-api-token", provider: "Replicate", label: "Replicate API token", shape: "r8_{alnum:37}" },
  { id: "groq-api-key", provider: "Groq", label: "Groq API key", shape: "gsk_{alnum:52}" },
  { id: "xai-api-key", provider: "xAI", label: "xAI API key", shape: "xai-{alnum:80}" },
  { id: "mistral-api-key", provider: "Mistral AI", label: "Mistral AI API key", shape: "{alnum:32}", keywords: ["mistral"] },
  { id: "langsmith-api-key", provider: "LangChain", label: "LangSmith API key", shape: "lsv2_(pt|sk)_{hex:32}_{hex:10}" },
  { id: "fireworks-api-key", provider: "Fireworks AI", label: "Fireworks AI API key", shape: "fw_{alnum:24}" },
  { id: "together-api-key", provider: "Together AI", label: "Together AI API key", shape: "{hex:64}", keywords: ["together"] },
  { id: "wandb-api-key", provider: "Weights & Biases", label: "Weights & Biases API key", shape: "{hex:40}", keywords: ["wandb"] },
  { id: "deepgram-api-key", provider: "Deepgram", label: "Deepgram API key", shape: "{hex:40}", keywords: ["deepgram"] },
  { id: "assemblyai-api-key", provider: "AssemblyAI", label: "AssemblyAI API key", shape: "{hex:32}", keywords: ["assemblyai", "assembly_ai"] },
  { id: "elevenlabs-api-key", provider: "ElevenLabs", label: "ElevenLabs API key", shape: "sk_{hex:48}" },
  { id: "pinecone-api-key", provider: "Pinecone", label: "Pinecone API key", shape: "pcsk_{alnum:4-8}_{alnum:40-80}" },
  { id: "langfuse-secret-key", provider: "Langfuse", label: "Langfuse secret key", shape: `sk-lf-${UUID}` },
];

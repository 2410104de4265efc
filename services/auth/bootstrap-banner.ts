/**
 * The banner that shows a generated bootstrap secret once on the operator's
 * terminal. It is written to stdout directly, never through the logger, so
 * the secret does not end up in a log pipeline.
 */
export function bootstrapBanner(secret: string): string {
  return [
    "",
    "================================================================================",
    ' Gatehouse generated an admin API key for workspace "default" (every scope).',
    " It is shown this once; only its hash is stored. Keep it somewhere safe:",
    "",
    `   ${secret}`,
    "",
    " Set GATEHOUSE_BOOTSTRAP_KEY to choose the admin key yourself.",
    "================================================================================",
    "",
  ].join("\n");
}

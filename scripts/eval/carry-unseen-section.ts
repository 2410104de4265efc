/**
 * The "Unseen evaluation" section of the injection model card is measured by
 * `npm run eval` on data the training script never reads, so the script
 * cannot write it: it carries the section over from the previous card.
 */

/** The heading the section starts with. */
export const UNSEEN_SECTION_HEADING = "## Unseen evaluation";

const STALE_NOTE = "**Stale:** these figures were measured on earlier weights; re-run the commands below and replace them.";

/**
 * The section of `previousCard` headed `UNSEEN_SECTION_HEADING`, up to the
 * next heading of its level, ending in one newline; "" when there is none.
 * The section names the weights it was measured on as "weights sha256
 * `<hex prefix>`"; when that is not a prefix of `weightsSha256` (or missing),
 * a stale note is put under the heading, once.
 */
export function carryUnseenSection(previousCard: string, weightsSha256: string): string {
  const lines = previousCard.split("\n");
  const start = lines.indexOf(UNSEEN_SECTION_HEADING);
  if (start < 0) return "";
  const end = lines.findIndex((l, i) => i > start && /^##? /.test(l));
  const body = lines.slice(start + 1, end < 0 ? undefined : end).filter((l) => l !== STALE_NOTE);
  while (body.length > 0 && body[body.length - 1]!.trim() === "") body.pop();
  while (body.length > 0 && body[0]!.trim() === "") body.shift();
  const recorded = /weights sha256 `([0-9a-f]{8,64})`/.exec(body.join("\n"))?.[1];
  const current = recorded !== undefined && weightsSha256.startsWith(recorded);
  return [UNSEEN_SECTION_HEADING, "", ...(current ? [] : [STALE_NOTE, ""]), ...body, ""].join("\n");
}

import type { Candidate } from "./detector.js";
import { notNegated } from "./not-negated.js";
import { sentenceAround } from "./sentence-around.js";

// What really has a developer, debug or god mode: devices, browsers, editors, games.
const ON_A_DEVICE =
  /^[^.!?\n]{0,40}?\b(?:on|in|for|from)\s+(?:the\s+|your\s+|my\s+|this\s+|that\s+|a\s+|an\s+|his\s+|her\s+|our\s+|their\s+)?(?:android|iphone|ipad|ios|phone|pixel|samsung|galaxy|chromebook|chrome|browser|firefox|edge|windows|mac|macos|linux|xbox|playstation|ps5|switch|tv|router|tablet|device|laptop|pc|computer|extensions?|settings|vs\s*code|visual\s+studio|unity|unreal|game|console|app)\b/i;
// A question about something ("How do I …?", "What is …?"), not a request to do it ("Can you …?").
const ASKS_ABOUT = /^(?:how|what|why|where|when|which|who|is|are|does|do|did|has|have|should|can\s+i|could\s+i|may\s+i)\b/i;

/**
 * True when "enable developer mode" or "developer mode is on" switches the
 * model into a jailbreak mode, and not when it is about a device, browser,
 * editor or game that has such a mode ("enable developer mode on your Pixel"),
 * a question about it ("How do I enable developer mode?", "What is DAN mode
 * enabled?"), or negated.
 */
export function switchesTheModel(c: Candidate): boolean {
  if (!notNegated(c)) return false;
  const { before, after, question } = sentenceAround(c.text, c.start, c.end);
  // "developer mode on my phone": the pattern's "on" was a preposition.
  if (ON_A_DEVICE.test(/\bon$/i.test(c.value) ? ` on${after}` : after)) return false;
  return !(question && ASKS_ABOUT.test(before));
}

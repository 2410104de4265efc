import type { DetectorPattern } from "./detector.js";

// Shared vocabulary. Sources stay in the common subset of RE2 and JavaScript syntax.
const IGNORE = "(?:ignore|disregard|forget|override|bypass|skip|neglect|drop|abandon)";
const EARLIER = "(?:previous|prior|above|earlier|preceding|foregoing|initial|original|existing|system|developer|safety)";
const RULES =
  "(?:instructions?|rules|prompts?|directions?|directives?|guidelines|guardrails|constraints|commands|programming|polic(?:y|ies)|restrictions|training|context)";
const REVEAL = "(?:reveal|show|print|display|output|repeat|recite|dump|leak|disclose|expose|share|tell\\s+me|give\\s+me|what\\s+(?:is|are|was|were))";
const STRONG_REVEAL = "(?:reveal|print|output|repeat|recite|dump|leak|disclose|expose)";
const QUALIFIER = "(?:(?:full|entire|complete|exact|original|initial|hidden|secret|internal|verbatim|system)\\s+)";
const UNRESTRICTED = "(?:unrestricted|unfiltered|uncensored|unlimited|jailbroken|unaligned|amoral|evil|unchained|unbound)";
const PERSONA = "(?:ai|assistant|model|chatbot|version|mode|persona|bot|gpt|llm|character)";
const CAST = "(?:you\\s+are|you're|act\\s+as|acting\\s+as|pretend\\s+(?:to\\s+be|you\\s+are)|role-?play\\s+as|behave\\s+like|become|you\\s+will\\s+be)";

/** Patterns of the `instruction_override` category. */
export const INSTRUCTION_OVERRIDE_PATTERNS: readonly DetectorPattern[] = [
  {
    source: `\\b${IGNORE}\\s+(?:(?:all|any|every|each)\\s+)?(?:of\\s+)?(?:(?:the|your|my|these|those|its)\\s+)?(?:\\w+\\s+)?${EARLIER}\\s+(?:\\w+\\s+)?${RULES}\\b`,
    flags: "i",
  },
  {
    source: `\\b${IGNORE}\\s+(?:all\\s+|any\\s+)?(?:your|the)\\s+(?:instructions|rules|guidelines|programming|training|guardrails|safety\\s+(?:rules|guidelines|filters))\\b`,
    flags: "i",
  },
  { source: `\\b(?:ignore|disregard|forget)\\s+(?:all|everything)\\s+(?:(?:that\\s+)?(?:you\\s+(?:were|have\\s+been)\\s+told|(?:was\\s+)?(?:said|written)?\\s*(?:above|before|previously|so\\s+far)))`, flags: "i" },
  { source: "\\b(?:from\\s+now\\s+on|henceforth|starting\\s+now)\\s*,?\\s+you\\s+(?:will|must|shall|are\\s+to)\\s+(?:ignore|disregard|not\\s+follow|no\\s+longer\\s+follow)", flags: "i" },
  { source: "\\byou\\s+are\\s+no\\s+longer\\s+(?:bound|restricted|required\\s+to\\s+follow|limited)\\b", flags: "i" },
  { source: "\\b(?:do\\s+not|don't|stop)\\s+follow(?:ing)?\\s+(?:your|the|any)\\s+(?:previous\\s+|prior\\s+|original\\s+|system\\s+)?(?:instructions|rules|guidelines)\\b", flags: "i" },
  { source: "\\b(?:new|updated|real)\\s+system\\s+(?:prompt|instructions?)\\s*:", flags: "i" },
  // The same in Spanish, French, German and Portuguese.
  {
    source:
      "\\b(?:ignora|ignore[sz]?|ignoriere|ignorieren\\s+sie|olvida|oublie[sz]?|vergiss)\\s+(?:todas\\s+|toutes\\s+|alle\\s+|tous\\s+)?(?:las\\s+|les\\s+|die\\s+|as\\s+)?(?:instrucciones|instructions|anweisungen|instruções)\\s+(?:anteriores|précédentes|precedentes|vorherigen|bisherigen)",
    flags: "i",
  },
  {
    source:
      "\\b(?:ignoriere|ignorieren\\s+sie|vergiss|vergessen\\s+sie|ignora|ignore[sz]?|oublie[sz]?)\\s+(?:alle\\s+|todas\\s+|toutes\\s+)?(?:die\\s+|las\\s+|les\\s+)?(?:vorherigen|bisherigen|vorigen|obigen|anteriores|précédentes)\\s+(?:anweisungen|instruktionen|regeln|instrucciones|instructions|règles)",
    flags: "i",
  },
];

/** Patterns of the `system_prompt_extraction` category. */
export const SYSTEM_PROMPT_EXTRACTION_PATTERNS: readonly DetectorPattern[] = [
  {
    source: `\\b${REVEAL}\\s+(?:me\\s+|us\\s+)?(?:all\\s+(?:of\\s+)?)?your\\s+${QUALIFIER}{0,3}(?:prompt|instructions|system\\s+message|rules|guidelines|directives|configuration|initial\\s+message)\\b`,
    flags: "i",
  },
  {
    source: `\\b${STRONG_REVEAL}\\s+(?:me\\s+|us\\s+)?(?:the\\s+)?${QUALIFIER}{0,3}(?:system\\s+(?:prompt|message)|initial\\s+prompt|hidden\\s+(?:prompt|instructions)|(?:text|words|instructions|everything|messages?)\\s+(?:above|before\\s+this))\\b`,
    flags: "i",
  },
  { source: "\\bwhat\\s+(?:were|are)\\s+you\\s+(?:told|instructed|programmed)\\s+(?:to\\s+do\\s+)?(?:before|initially|at\\s+the\\s+(?:start|beginning))", flags: "i" },
  { source: "\\b(?:repeat|print|output)\\s+(?:everything|all(?:\\s+the)?\\s+text)\\s+(?:above|before)\\b", flags: "i" },
  { source: "\\b(?:begin|start)\\s+your\\s+(?:reply|response|answer)\\s+with\\s+[\"']?you\\s+are\\b", flags: "i" },
];

/** Patterns of the `roleplay_jailbreak` category. */
export const ROLEPLAY_JAILBREAK_PATTERNS: readonly DetectorPattern[] = [
  { source: `\\b${CAST}\\s+(?:now\\s+)?(?:an?\\s+|the\\s+)?${UNRESTRICTED}\\s+(?:\\w+\\s+)?${PERSONA}\\b`, flags: "i" },
  // Named jailbreak personas are names, so only their capitalised spelling counts ("you are Dan" is a greeting).
  { source: "\\b(?:[Yy]ou\\s+are|[Yy]ou're|[Aa]ct\\s+as|[Pp]retend\\s+to\\s+be|[Rr]ole-?play\\s+as|[Bb]ecome)\\s+(?:now\\s+)?(?:DAN|STAN|DUDE|AIM|DEV|EvilBOT|BetterDAN)\\b", flags: "" },
  { source: "\\bdo\\s+anything\\s+now\\b", flags: "i" },
  { source: "\\b(?:developer|god|jailbreak|dan|unrestricted|sudo)\\s+mode\\s+(?:is\\s+)?(?:enabled|activated|on|unlocked)\\b", flags: "i" },
  { source: "\\b(?:enable|activate|enter|switch\\s+to)\\s+(?:developer|god|jailbreak|dan|unrestricted)\\s+mode\\b", flags: "i" },
  {
    source:
      "\\b(?:pretend|imagine|act\\s+as\\s+if|suppose|assume)\\s+(?:that\\s+)?you\\s+(?:have|had|are\\s+under|operate\\s+with)\\s+no\\s+(?:restrictions|rules|limitations|limits|filters|guidelines|content\\s+polic(?:y|ies)|ethical\\s+guidelines|boundaries|safeguards)\\b",
    flags: "i",
  },
  { source: "\\b(?:respond|answer|reply|talk)\\s+without\\s+any\\s+(?:moral|ethical|safety)\\s+(?:restrictions|guidelines|constraints|limits|filters)\\b", flags: "i" },
  { source: "\\bfreed\\s+from\\s+the\\s+typical\\s+confines\\s+of\\s+ai\\b", flags: "i" },
];

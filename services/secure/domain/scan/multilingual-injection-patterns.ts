import type { DetectorPattern } from "./detector.js";

// Sources stay in the common subset of RE2 and JavaScript syntax. RE2's \b
// knows only ASCII word characters, so patterns in other scripts do without it.

/** "Ignore the previous instructions" in languages other than English: patterns of the `instruction_override` category. */
export const MULTILINGUAL_OVERRIDE_PATTERNS: readonly DetectorPattern[] = [
  // Spanish, French, German and Portuguese.
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
  // French "consignes", and "all the instructions" with no qualifier.
  {
    source:
      "\\b(?:ignore[sz]?|oublie[sz]?)\\s+(?:toutes\\s+(?:les|tes|vos)\\s+(?:consignes|instructions|règles|directives)|(?:les|tes|vos)\\s+(?:consignes|instructions|règles|directives)\\s+(?:précédentes|antérieures|ci-dessus))",
    flags: "i",
  },
  // Portuguese.
  { source: "\\b(?:ignore|ignora|esqueça|esqueca|desconsidere)\\s+(?:todas\\s+)?(?:as\\s+)?(?:instruções|instrucoes|regras|orientações)\\s+(?:anteriores|acima|prévias)", flags: "i" },
  // Dutch and Italian.
  { source: "\\b(?:negeer|vergeet)\\s+(?:alle\\s+)?(?:de\\s+)?(?:vorige|eerdere|voorgaande)\\s+(?:instructies|regels|opdrachten)", flags: "i" },
  { source: "\\b(?:ignora|dimentica)\\s+(?:tutte\\s+)?(?:le\\s+)?(?:istruzioni|regole)\\s+(?:precedenti|anteriori)", flags: "i" },
  // Polish.
  {
    source: "\\b(?:zignoruj|ignoruj|zapomnij)\\s+(?:o\\s+)?(?:wszystkie\\s+|wszystkich\\s+)?(?:wcześniejsze|poprzednie|wcześniejszych|poprzednich|dotychczasowe)\\s+(?:polecenia|instrukcje|poleceniach|instrukcjach|zasady)",
    flags: "i",
  },
  // Russian and Ukrainian.
  {
    source:
      "(?:игнорируй|игнорируйте|проигнорируй|забудь|забудьте|отбрось|ігноруй|ігноруйте|забудьте)\\s+(?:все\\s+|всі\\s+|усі\\s+)?(?:предыдущие|прежние|прошлые|свои|данные\\s+ранее|попередні)?\\s*(?:инструкции|указания|правила|команды|ограничения|інструкції|вказівки|правила)",
    flags: "i",
  },
  // Turkish; the view folds a dotless "ı" in a word with ASCII letters to "i".
  { source: "(?:önceki|daha\\s+önceki)\\s+(?:tüm\\s+)?(?:talimatlar[ıi]|talimatlar[ıi]n[ıi]|kurallar[ıi]|komutlar[ıi])\\s+(?:yok\\s+say|görmezden\\s+gel|unut|dikkate\\s+alma)", flags: "i" },
  // Arabic.
  { source: "(?:تجاهل|انس|تجاهلي)\\s+(?:جميع\\s+|كل\\s+)?(?:التعليمات|الأوامر|القواعد|الإرشادات)\\s+(?:السابقة)", flags: "" },
  // Hindi.
  { source: "(?:पिछले|पिछली|पहले\\s+के)\\s+(?:सभी\\s+)?(?:निर्देशों|निर्देश|नियमों)\\s+(?:को\\s+)?(?:अनदेखा|नज़रअंदाज़|नजरअंदाज|भूल)", flags: "" },
  // Vietnamese and Indonesian.
  { source: "\\b(?:bỏ\\s+qua|phớt\\s+lờ|quên)\\s+(?:tất\\s+cả\\s+)?(?:các\\s+|mọi\\s+)?(?:hướng\\s+dẫn|chỉ\\s+dẫn|lệnh|quy\\s+tắc)\\s+(?:trước\\s+đó|trước|trên)", flags: "i" },
  { source: "\\b(?:abaikan|lupakan)\\s+(?:semua\\s+)?(?:instruksi|perintah|aturan)\\s+(?:sebelumnya|di\\s+atas)", flags: "i" },
  // A note addressed to the AI reading a document: "Nota per l'assistente AI", "Hinweis für den KI-Assistenten".
  {
    source:
      "\\b(?:nota|note|notiz|hinweis|instrucci[óo]n|instru[çc][ãa]o|instruction|aviso|ps|p\\.s\\.|uwaga|opmerking|anweisung|mensaje|messaggio|nachricht)\\s+(?:per|para|pour|f[üu]r|voor|an|dla|aan|a)\\s+(?:l'|la\\s+|el\\s+|o\\s+|a\\s+|le\\s+|den\\s+|die\\s+|de\\s+|het\\s+|das\\s+)?(?:(?:assistente|asistente|assistant|assistent|agente|agent|asystent[a-z]*|modelo|modello|mod[èe]le|sistema|système|system)\\s+(?:de\\s+|di\\s+|d'|virtual\\s+de\\s+)?(?:ia|ai|ki)\\b|(?:ia|ai|ki)(?:-(?:assistent\\w*|agent\\w*))?\\b)",
    flags: "i",
  },
  // Polish: "INSTRUKCJA DLA BOTA:", "Wiadomość dla asystenta".
  { source: "\\b(?:instrukcja|polecenie|wiadomo[śs][ćc]|notatka)\\s+dla\\s+(?:bota|asystenta|modelu|ai|agenta|sztucznej\\s+inteligencji)\\b", flags: "i" },
  {
    source: "(?:给|致)(?:ai|人工智能)(?:助手|代理|模型)?(?:的)?(?:说明|提示|指示|备注)|(?:ai|人工智能)(?:助手|アシスタント|エージェント)へ|yapay\\s+zek[aâ]\\S*\\s+(?:\\S+\\s+)?asistan\\S*\\s+not|(?:для|к)\\s+(?:ии|ai)[\\s-]*(?:ассистент|агент|помощник)\\S*",
    flags: "i",
  },
  // Chinese, Japanese and Korean.
  {
    source: "(?:忽略|无视|無視|忘记|忘記|忽視|忽视)(?:掉)?(?:你|您)?(?:之前|以前|先前|上面|上述|前面)(?:收到|得到|接收|接到)?(?:的)?(?:所有|全部|一切)?(?:的)?(?:指令|指示|说明|說明|规则|規則|命令)",
    flags: "",
  },
  { source: "(?:以前|前|上記|これまで)の(?:指示|命令|指令|ルール)(?:は|を)(?:すべて|全て)?(?:無視|無効)", flags: "" },
  { source: "이전\\s*(?:의\\s*)?(?:모든\\s*)?(?:지시|지침|명령|규칙)(?:사항)?(?:은|는|을|를)?\\s*(?:모두\\s*)?무시", flags: "" },
];

/** Asking for the system prompt or hidden instructions in languages other than English: patterns of the `system_prompt_extraction` category. */
export const MULTILINGUAL_EXTRACTION_PATTERNS: readonly DetectorPattern[] = [
  // "Your system prompt" in French, Spanish, German and Italian.
  {
    source:
      "\\b(?:montre[sz]?|affiche[sz]?|donne[sz]?|r[ée]v[èe]le[sz]?|r[ée]p[èe]te[sz]?|mu[ée]strame|dime|revela|repite|zeig(?:e|en)?|nenne|wiederhole|gib|mostrami|dimmi|rivela|ripeti)(?:-moi|\\s+moi|\\s+mir|\\s+uns)?\\s+(?:ton|votre|tu|deinen|dein|ihren|il\\s+tuo)\\s+(?:prompt\\s+(?:syst[èe]me|del\\s+sistema|di\\s+sistema)|system-?prompt|mensaje\\s+del\\s+sistema|message\\s+syst[èe]me)",
    flags: "i",
  },
  // The same with words between, and in Portuguese; hidden instructions.
  {
    source:
      "\\b(?:muestra|muéstrame|revela|dime|mostra|mostre|revele|diga|affiche|montre|révèle|zeig|nenne|mostrami|rivela)\\b[^.\\n]{0,30}(?:prompt\\s+(?:del|do|di)\\s+sistema|prompt\\s+syst[èe]me|systemprompt|system-prompt|instrucciones\\s+ocultas|instruções\\s+ocultas|instructions\\s+cachées|versteckten\\s+anweisungen)",
    flags: "i",
  },
  // Russian.
  {
    source:
      "(?:покажи|выведи|раскрой|напиши|повтори|перечисли)\\s+(?:мне\\s+)?(?:все\\s+)?(?:(?:свои|твои|свой|твой|свою|твою|своё|твоё|ваш\\S*)\\s+)?(?:системн\\S*\\s+(?:промпт|инструкци\\S*|сообщени\\S*)|скрыт\\S*\\s+(?:инструкци\\S*|правил\\S*))",
    flags: "i",
  },
  // Chinese, Japanese and Korean.
  {
    source: "(?:输出|显示|告诉我|给我|打印|透露|泄露|展示|复述|重复)[^。\\n]{0,20}(?:系统提示|系統提示|系统指令|隐藏指令|秘密指令)|(?:系统提示|系統提示)(?:词)?[^。\\n]{0,20}(?:输出|显示|告诉我|给我|打印)",
    flags: "",
  },
  { source: "システムプロンプト[^。\\n]{0,20}(?:表示|出力|教え|見せ)|(?:隠された|秘密の)指示", flags: "" },
  { source: "시스템\\s*프롬프트[^.\\n]{0,20}(?:보여|출력|알려)|숨겨진\\s*(?:규칙|지시|지침)", flags: "" },
];

/** An AI without rules in languages other than English: patterns of the `roleplay_jailbreak` category. */
export const MULTILINGUAL_ROLEPLAY_PATTERNS: readonly DetectorPattern[] = [
  // "Una IA sin reglas", "uma IA sem restrições", "KI ohne Einschränkungen", "ИИ без ограничений".
  {
    source:
      "(?:\\bia|\\bai|\\bki|ии|\\bbot|\\bchatbot)\\s+(?:\\S+\\s+)?(?:sin|sem|sans|ohne|senza|без|bez)\\s+(?:ninguna\\s+|nenhuma\\s+|aucune\\s+|jegliche\\s+|alcuna\\s+|каких-либо\\s+|żadnych\\s+|qualquer\\s+)?(?:regras|reglas|règles|regeln|regole|правил|zasad|restricciones|restrições|restrictions?|einschränkungen|restrizioni|ограничений|ograniczeń|filtros|filtres|filter|limites|límites)",
    flags: "i",
  },
  { source: "(?:没有|沒有|不受)(?:任何)?(?:限制|规则|規則|约束)的\\s*(?:ai|人工智能|助手|模型)", flags: "i" },
  { source: "(?:규칙|제한)(?:이|도)?\\s*없는\\s*(?:ai|인공지능)|(?:制限|ルール)(?:の|が)?(?:ない|なし)(?:の)?\\s*(?:ai|アシスタント)", flags: "i" },
];

/**
 * Reads the labelled inputs of a secret scanner's table-driven Go tests, as
 * trufflehog writes them for each of its detectors:
 *
 *     var validPattern = "…"
 *     tests := []struct{ name, input string; want []string }{
 *         {name: "valid pattern", input: fmt.Sprintf("%s token = '%s'", keyword, validPattern), want: []string{validPattern}},
 *         {name: "invalid pattern", input: fmt.Sprintf("%s = '%s'", keyword, invalidPattern), want: nil},
 *     }
 *
 * Each `input:` is one case: a secret is in it when its `want:` lists
 * something (`[]string{…}` with elements), none when `want:` is `nil` or
 * `[]string{}`. An input is evaluated from string literals (interpreted and
 * raw), names assigned earlier in the file (`name = …`, `name := …`),
 * `+` and `fmt.Sprintf` with the verbs `%s`, `%v`, `%d`, `%q` and `%%`.
 * A case whose input uses anything else (a function call, a name defined in
 * another file) or whose `want:` is not one of those forms is skipped and
 * counted, never guessed. Pure.
 */
export interface GoDetectorTestCases {
  cases: { input: string; found: boolean }[];
  skipped: number;
}

/** Reads every case of one `_test.go` file (see the module comment). */
export function goDetectorTestCases(source: string): GoDetectorTestCases {
  const tokens = lex(source);
  const names = new Map<string, string>();
  for (let i = 0; i + 2 < tokens.length; i++) {
    const [name, op] = [tokens[i]!, tokens[i + 1]!];
    if (name.kind === "name" && !name.text.includes(".") && op.kind === "punct" && (op.text === "=" || op.text === ":=")) {
      const value = attempt(() => expression(tokens, i + 2, names));
      if (value) names.set(name.text, value[0]);
    }
  }
  const cases: GoDetectorTestCases["cases"] = [];
  let skipped = 0;
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (!isField(tokens, i, "input")) continue;
    const input = attempt(() => expression(tokens, i + 2, names));
    const found = wantOf(tokens, i + 2);
    if (input === null || found === null) skipped++;
    else cases.push({ input: input[0], found });
  }
  return { cases, skipped };
}

type Token = { kind: "string" | "name" | "punct"; text: string };

// The expression could not be evaluated from what the file holds.
class Unreadable extends Error {}

function attempt<T>(f: () => T): T | null {
  try {
    return f();
  } catch (err) {
    if (err instanceof Unreadable) return null;
    throw err;
  }
}

function isField(tokens: readonly Token[], i: number, field: string): boolean {
  return tokens[i]!.kind === "name" && tokens[i]!.text === field && tokens[i + 1]?.kind === "punct" && tokens[i + 1]!.text === ":";
}

// The case's `want:` (looked for up to the next case's `input:`): whether it lists a secret, or null when unreadable or absent.
function wantOf(tokens: readonly Token[], from: number): boolean | null {
  for (let j = from; j + 1 < tokens.length; j++) {
    if (isField(tokens, j, "input")) return null;
    if (!isField(tokens, j, "want")) continue;
    const t = tokens.slice(j + 2, j + 7).map((x) => x.text);
    if (t[0] === "nil") return false;
    if (t[0] === "[" && t[1] === "]" && t[2] === "string" && t[3] === "{") return t[4] !== "}";
    return null;
  }
  return null;
}

// expression := term ("+" term)*
function expression(tokens: readonly Token[], at: number, names: ReadonlyMap<string, string>): [string, number] {
  let value = "";
  let i = at;
  for (;;) {
    const [part, next] = term(tokens, i, names);
    value += part;
    i = next;
    if (tokens[i]?.kind !== "punct" || tokens[i]!.text !== "+") return [value, i];
    i++;
  }
}

function term(tokens: readonly Token[], i: number, names: ReadonlyMap<string, string>): [string, number] {
  const t = tokens[i];
  if (!t) throw new Unreadable();
  if (t.kind === "string") return [t.text, i + 1];
  if (t.kind !== "name") throw new Unreadable();
  const call = tokens[i + 1]?.kind === "punct" && tokens[i + 1]!.text === "(";
  if (t.text === "fmt.Sprintf" && call) {
    const args: string[] = [];
    let j = i + 2;
    for (;;) {
      const [arg, next] = expression(tokens, j, names);
      args.push(arg);
      j = next;
      const sep = tokens[j]?.text;
      if (sep === ")") return [sprintf(args[0]!, args.slice(1)), j + 1];
      if (sep !== ",") throw new Unreadable();
      j++;
      // A trailing comma before the closing parenthesis.
      if (tokens[j]?.text === ")") return [sprintf(args[0]!, args.slice(1)), j + 1];
    }
  }
  const value = call ? undefined : names.get(t.text);
  if (value === undefined) throw new Unreadable();
  return [value, i + 1];
}

function sprintf(format: string, args: readonly string[]): string {
  let next = 0;
  return format.replace(/%[-+# 0]*[0-9]*(?:\.[0-9]+)?([a-zA-Z%])/g, (_, verb: string) => {
    if (verb === "%") return "%";
    if (!"svdq".includes(verb) || next >= args.length) throw new Unreadable();
    const arg = args[next++]!;
    return verb === "q" ? JSON.stringify(arg) : arg;
  });
}

const ESCAPES: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", f: "\f", v: "\v", '"': '"', "'": "'", "\\": "\\" };

// Go tokens, as far as the cases need them: strings (decoded), names (dotted), punctuation; comments dropped.
function lex(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (source.startsWith("//", i)) {
      const end = source.indexOf("\n", i);
      i = end < 0 ? source.length : end;
    } else if (source.startsWith("/*", i)) {
      const end = source.indexOf("*/", i + 2);
      i = end < 0 ? source.length : end + 2;
    } else if (/\s/.test(c)) {
      i++;
    } else if (c === "`") {
      // Raw strings keep everything but carriage returns, as the Go spec says.
      const end = source.indexOf("`", i + 1);
      if (end < 0) break;
      tokens.push({ kind: "string", text: source.slice(i + 1, end).replace(/\r/g, "") });
      i = end + 1;
    } else if (c === '"') {
      const [text, end] = interpreted(source, i + 1);
      tokens.push({ kind: "string", text });
      i = end;
    } else if (c === "'") {
      // A rune literal: no case input is made of one, so it is read as opaque punctuation.
      let end = i + 1;
      while (end < source.length && source[end] !== "'") end += source[end] === "\\" ? 2 : 1;
      tokens.push({ kind: "punct", text: "rune" });
      i = end + 1;
    } else {
      const word = /^(?:[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*|[0-9][0-9A-Za-z_.]*)/.exec(source.slice(i, i + 256));
      const op = word ? null : /^(?::=|==|!=|&&|\|\||<-|\.\.\.)/.exec(source.slice(i, i + 3));
      const text = word?.[0] ?? op?.[0] ?? c;
      tokens.push({ kind: word ? "name" : "punct", text });
      i += text.length;
    }
  }
  return tokens;
}

// An interpreted string literal from just after its opening quote: its value and the offset after its closing quote.
function interpreted(source: string, from: number): [string, number] {
  let text = "";
  let i = from;
  while (i < source.length && source[i] !== '"' && source[i] !== "\n") {
    if (source[i] !== "\\") {
      text += source[i++];
      continue;
    }
    const e = source[i + 1] ?? "";
    const hex = { x: 2, u: 4, U: 8 }[e];
    if (e in ESCAPES) {
      text += ESCAPES[e];
      i += 2;
    } else if (hex !== undefined) {
      text += String.fromCodePoint(parseInt(source.slice(i + 2, i + 2 + hex), 16));
      i += 2 + hex;
    } else if (/[0-7]/.test(e)) {
      text += String.fromCharCode(parseInt(source.slice(i + 1, i + 4), 8));
      i += 4;
    } else {
      text += e;
      i += 2;
    }
  }
  return [text, i + 1];
}

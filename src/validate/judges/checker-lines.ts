/**
 * Checker lines: a list-shaped family whose title lists the words of a checker's line of work ("…: typing, windows",
 * "…: lint, centralize, clippy", "…: address, deprecation, lint") predicts more of that line: type annotations kept
 * right for a type checker, code kept clean for a linter. A later change whose title says it does that line's work
 * ("Fix compatibility with pyright 1.1.394", "Make clippy happy", "chore(golangci-lint): upgrade to v2") continues
 * it (related, never strong by it), in the family's area or in the files of the work it quotes: the same specific
 * direction (../shared/judging-rules.md), which people named for the fit half's click typing and axum clippy
 * families. Its kind prefix says little (checker upkeep is called fix, chore or feat alike), so the kind is not
 * asked. A change with another purpose in the same files, of the same kind, shares no checker line and stays
 * rejected; a family listing none of these words has no checker line.
 */

/** The lines a checker's words name. */
export type CheckerLine = 'typing' | 'lint';

/**
 * A word a family's title lists that names a line: "typing", "mypy"; "lint", "clippy", "eslint". "type", "types" and
 * "annotation" (any type: "Use more permissible types in ASGIApp"; a test annotation) name the typing line only when a
 * title the family quotes does typing work ("Improve typing on Windows", "Fix issues previously type ignored.").
 */
const LISTED: Record<CheckerLine, RegExp> = {
  typing: /^(typing|typed|mypy|pyright)$/,
  lint: /^(lint|lints|linter|linting|clippy|eslint|golangci|golangci-lint|ruff|flake8|pylint)$/,
};
const ANY_TYPE = /^(types?|annotations?)$/;

/** A title doing the line's work: a type checker or type hints named ("type" alone is any type), a linter named. */
const DOES: Record<CheckerLine, RegExp> = {
  typing: /\b(typing|type[- ]?hints?|type annotations?|type[- ]?check\w*|mypy|pyright|pyre|pytype|type:\s*ignore|type[- ]ignored?)\b/i,
  lint: /\b(lint|lints|linter|linting|clippy|eslint[\w-]*|golangci[\w-]*|ruff|flake8|pylint)\b/i,
};

const LINES = Object.keys(LISTED) as CheckerLine[];

/**
 * The checker lines a family's listed words (its title's list, vagueness.ts listedText) name, given the titles it
 * quotes and the basenames of its own files. A listed word its own file is named by (`eslint` for `.eslintrc.json`)
 * says where the work is, not which line: the config file's tool is its area.
 */
export function listedCheckerLines(listed: string | null, quoted: readonly string[], ownFiles: ReadonlySet<string>): ReadonlySet<CheckerLine> {
  const out = new Set<CheckerLine>();
  if (listed === null) return out;
  const words = listed.split(/[,\s]+/).map((w) => w.replace(/[^\w-]/g, '').toLowerCase()).filter((w) => w.length >= 2 && ![...ownFiles].some((f) => f.includes(w)));
  for (const line of LINES) if (words.some((w) => LISTED[line].test(w))) out.add(line);
  if (words.some((w) => ANY_TYPE.test(w)) && quoted.some((t) => DOES.typing.test(t))) out.add('typing');
  return out;
}

/** The checker lines a change's title says it works on. */
export function titleCheckerLines(title: string): ReadonlySet<CheckerLine> {
  const out = new Set<CheckerLine>();
  for (const line of LINES) if (DOES[line].test(title)) out.add(line);
  return out;
}

/** The first line both name, or undefined. */
export function sharedCheckerLine(family: ReadonlySet<CheckerLine>, change: ReadonlySet<CheckerLine>): CheckerLine | undefined {
  for (const line of family) if (change.has(line)) return line;
  return undefined;
}

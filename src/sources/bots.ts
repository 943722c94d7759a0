/**
 * Dependency and bot work: stored like any other work item, but marked, so
 * forecasters drop it as noise and validation counts it apart.
 */

const BOT_AUTHORS: [RegExp, string][] = [
  [/\[bot\]/i, 'author is a bot account'],
  [/^(dependabot|renovate|greenkeeper|snyk-bot|pre-commit-ci|github-actions|mergify|imgbot|allcontributors)\b/i, 'author is a known bot'],
];

const BOT_TITLES: [RegExp, string][] = [
  [/^(\[[\w.-]+\]\s*)?bump (the \S+ group|\S+( and \S+)?) (in \S+ )?(from \S+ to \S+|with \d+ updates?)/i, 'dependency bump'],
  [/^(chore|build|ci|fix)\((deps|deps-dev|dependencies)\)/i, 'conventional-commit dependency scope'],
  [/^update (dependency|module|rust crate|gem|npm package|actions?) /i, 'renovate-style dependency update'],
  [/^(chore: )?(update|lock file) (maintenance|lockfile)/i, 'lock file maintenance'],
  [/^\[pre-commit\.ci\]|pre-commit autoupdate/i, 'pre-commit autoupdate'],
  [/^\[snyk\]/i, 'snyk security upgrade'],
  [/^(update|upgrade|bump)s?\s+(the\s+|all\s+|our\s+)?(dependencies|deps|dependency|crates|packages|lockfile)\b/i, 'dependency update'],
  [/^(update|upgrade|bump)s?\s+(?!(the\s+)?version\b)\S+(\s+and\s+\S+)?\s+(to|from)\s+v?\d+(\.\d+)*\b/i, 'dependency update'],
];

const BOT_BRANCHES = /^[^/\s]+\/(dependabot|renovate|greenkeeper|snyk|pre-commit-ci)[-/]/i;

export interface BotInput {
  title: string;
  author: string;
  authorEmail: string;
  /** `owner/branch` of a merged pull request, when known. */
  branch: string | null;
}

/** Why this work is dependency/bot work, or null when it is not. */
export function botReason(input: BotInput): string | null {
  for (const [pattern, reason] of BOT_AUTHORS) {
    if (pattern.test(input.author) || pattern.test(input.authorEmail)) return reason;
  }
  const title = input.title.replace(/^(\s*(:[a-z0-9_+-]+:|[^\p{L}\p{N}\s(\[]+))+\s*/u, '');
  for (const [pattern, reason] of BOT_TITLES) {
    if (pattern.test(title)) return reason;
  }
  if (input.branch && BOT_BRANCHES.test(input.branch)) return 'branch made by a dependency bot';
  return null;
}

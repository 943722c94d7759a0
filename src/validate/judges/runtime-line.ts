import type { TaskFamily } from '../../family/model.js';
import { runtimeName, type PendingReading } from './pending.js';
import { familyPaths } from './shared.js';
import { listedWords } from './vagueness.js';

/**
 * The runtime-version line (issue 16, judges35; people's cause V of judges29): a family continuing a past change of
 * the runtime versions a project supports or tests — "Fix defects in .github/workflows: ci, bump, flow" continuing
 * "Use Go 1.25 in CI", "Extend go.mod" continuing "Go 1.25 support", "Fix defects in .github/workflows: python,
 * coverage, enforce" continuing "Add support for Python 3.12" — is continued by a later change of another version of
 * that runtime ("add Go 1.26 to CI flow", "Go 1.26 support", "Add Python 3.13 to the CI matrix"): `related`
 * (`named`; never strong by it), whatever else the two share. Not every family quoting such a title stands on the
 * line: it must list the runtime ("node, require, esm") or have its paths where runtime versions are declared (CI
 * workflows, go.mod, pyproject.toml, setup.py/cfg, tox.ini, noxfile.py, package.json, .nvmrc, Cargo.toml,
 * rust-toolchain, Makefile, .travis.yml). A pending-work family (pending.ts) has its own runtime reading; a direction
 * found otherwise is kept (this is only a fallback for a pair that shares none).
 */
const RUNTIME_PLACE = /(^|\/)(\.github(\/workflows)?|\.github\/workflows\/[^/]+|go\.mod|pyproject\.toml|setup\.(py|cfg)|tox\.ini|noxfile\.py|package\.json|\.nvmrc|\.node-version|Cargo\.toml|rust-toolchain(\.toml)?|Makefile|\.travis\.yml)$/i;

/** The runtimes whose version line the family continues by a title it quotes, or none. */
export function quotedRuntimeLine(family: TaskFamily, quotedTexts: readonly string[]): ReadonlySet<string> {
  const out = new Set<string>();
  if (quotedTexts.length === 0) return out;
  const listed = new Set(listedWords(family.title).map((w) => runtimeName(w)).filter((r): r is string => r !== null));
  const place = familyPaths(family).some((p) => RUNTIME_PLACE.test(p));
  for (const title of quotedTexts) {
    // A change of the versions themselves, the runtime the act's object: "Add support for Python 3.12", "Go 1.25
    // support", "Use Go 1.25 in CI", "CI: test with Go 1.24", "Require Node.js 20", "Drop Python 3.8"; not work done
    // for a version ("Fix lints for Rust 1.89", "Add support for the new `compression.zstd` module in Python 3.14").
    const m = VERSION_CHANGE.exec(title.trim());
    const runtime = m ? runtimeName((m[1] ?? m[2])!) : null;
    if (runtime !== null && (place || listed.has(runtime))) out.add(runtime);
  }
  return out;
}

const RUNTIME = String.raw`(python|pypy|node(?:\.?js)?|golang|go|rust|msrv|ruby|php)`;
const VERSION_CHANGE = new RegExp(
  String.raw`^(?:\w+(?:\([^)]*\))?!?:\s*)?(?:(?:add|drop|remove|end|require|support|officially support|test(?:s|ing)?(?: on| with| against)?|run tests (?:on|with|against)|use|bump|upgrade|update|move|switch|raise|require)(?:\s+(?:support\s+)?(?:for|to|with|on)?)?\s+(?:the\s+)?(?:min(?:imum)?\s+)?${RUNTIME}(?:\s+version)?\s+(?:to\s+)?v?\d|${RUNTIME}\s+v?\d+(?:\.\d+)*\s+support\b)`,
  'i',
);

/** The runtime of the line whose versions the change's title adds, drops or requires, or null. */
export function continuedRuntime(line: ReadonlySet<string>, r: PendingReading): string | null {
  for (const runtime of line) {
    if (!r.runtimes.has(runtime)) continue;
    // Its title changes that runtime's versions ("add Go 1.26 to CI flow", "Go 1.26 support"); a diff changing them
    // under a title that names no version ("use uv": werkzeug's requires-python moved with its tooling) is not the line.
    if (r.titleActs.some((a) => a.runtime === runtime && a.versions.length > 0)) return runtime;
  }
  return null;
}

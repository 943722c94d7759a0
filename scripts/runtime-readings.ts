/**
 * Compares the two readings of runtime declarations in src/text/runtime-declarations.ts on real trees: for every
 * file either reader takes (RUNTIME_FILE, isRuntimeManifest) in each repository's tree at T0, the judges' reading
 * (fileVersions, `python:3.13` tags) against the forecaster's (findRuntimes rows, each version as a tag). A file where
 * the two differ is one where making one reading produce the other would change what a forecaster or a judge sees.
 *
 *   npx tsx scripts/runtime-readings.ts [--pairs FILE] [--clones DIR] [--json]
 *
 * --pairs: lines `<name> <t0>` (default /work/wt/tools/title-repos.txt, the 45 eval pairs); --clones: where
 * `<name>` is cloned (default ./clones). Prints the counts, then one line per file that differs.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileVersions, findRuntimes, isRuntimeManifest, RUNTIME_FILE } from '../src/text/runtime-declarations.js';
import { parseFlags } from './exit.js';

const USAGE = 'usage: npx tsx scripts/runtime-readings.ts [--pairs FILE] [--clones DIR] [--json]';
const { values } = parseFlags({ options: { pairs: { type: 'string', default: '/work/wt/tools/title-repos.txt' }, clones: { type: 'string', default: 'clones' }, json: { type: 'boolean' } } }, USAGE);
const pairs = readFileSync(values.pairs!, 'utf8').trim().split('\n').map((l) => l.trim().split(/\s+/) as [string, string]);
const counts = { files: 0, same: 0, judgesOnly: 0, forecasterOnly: 0, eachSomeOnly: 0, pathJudgesOnly: 0, pathForecasterOnly: 0 };
const differing: { repo: string; path: string; judgesOnly: string[]; forecasterOnly: string[] }[] = [];
for (const [name, t0] of pairs) {
  const git = (...args: string[]) => execFileSync('git', ['-C', join(values.clones!, name), ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const commit = git('rev-list', '-1', `--before=${t0}T00:00:00Z`, 'HEAD').trim();
  if (!commit) continue;
  for (const path of git('ls-tree', '-r', '--name-only', '-z', commit).split('\0').filter((p) => p && (RUNTIME_FILE.test(p) || isRuntimeManifest(p)))) {
    let text: string;
    try {
      text = git('show', `${commit}:${path}`);
    } catch {
      continue; // a blob the partial clone lacks
    }
    counts.files++;
    const judged = RUNTIME_FILE.test(path), forecast = isRuntimeManifest(path);
    if (judged && !forecast) counts.pathJudgesOnly++;
    if (forecast && !judged) counts.pathForecasterOnly++;
    const j = judged ? fileVersions(text, text) : new Set<string>();
    const f = new Set(forecast ? findRuntimes(path, text).flatMap((r) => r.versions.map((v) => `${r.subject}:${v}`)) : []);
    const judgesOnly = [...j].filter((v) => !f.has(v)).sort(), forecasterOnly = [...f].filter((v) => !j.has(v)).sort();
    if (judgesOnly.length === 0 && forecasterOnly.length === 0) counts.same++;
    else {
      if (judgesOnly.length > 0 && forecasterOnly.length > 0) counts.eachSomeOnly++;
      else if (judgesOnly.length > 0) counts.judgesOnly++;
      else counts.forecasterOnly++;
      differing.push({ repo: name, path, judgesOnly, forecasterOnly });
    }
  }
}
if (values.json) console.log(JSON.stringify({ counts, differing }));
else {
  console.log(`${counts.files} files, ${counts.files - counts.same} read differently: ${counts.judgesOnly} where only the judges read a version, ${counts.forecasterOnly} only the forecaster, ${counts.eachSomeOnly} each; paths only the judges read ${counts.pathJudgesOnly}, only the forecaster ${counts.pathForecasterOnly}`);
  for (const d of differing) console.log(`${d.repo} ${d.path}  judges only: ${d.judgesOnly.join(' ') || '-'}  forecaster only: ${d.forecasterOnly.join(' ') || '-'}`);
}

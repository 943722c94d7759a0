import type { Allocation, ConditioningInput, GroundedFile, Rejection, TaskDraft } from './model.js';

/**
 * The offline backend: an issue-style specification for one allocated slot,
 * written from the family's direction and grounded in the code at Tgen (the
 * anchor's files, symbols and open notes). It writes no tests and no patch:
 * its tasks have status `spec` and are not executable.
 *
 * Deterministic: the same input and slot give the same text. The k-th task of
 * a family focuses on its k-th most relevant file (then on further symbols of
 * the same files), so a family's tasks differ.
 */
export function templateTask(input: ConditioningInput, slot: Allocation): TaskDraft | Rejection {
  const { family, grounding } = input;
  if (grounding.files.length === 0) {
    return {
      code: 'ANCHOR_MISSING',
      reason: `none of ${family.anchor.name}'s paths (${[...new Set([...family.anchor.paths, ...family.target_hints.paths])].join(', ') || 'none given'}) holds source code at ${grounding.commit.slice(0, 12)}`,
    };
  }
  const { kept, dropped } = splitCriteria(family.acceptance_criteria, grounding.resolvedNotes, grounding.missingPaths);
  const todoRefs = family.evidence.filter((e) => e.kind === 'todo').map((e) => e.ref);
  const onlyNotes = family.evidence.every((e) => e.kind === 'todo');
  if (onlyNotes && todoRefs.length > 0 && todoRefs.every((r) => grounding.resolvedNotes.includes(r))) {
    return { code: 'BEHAVIOUR_EXISTS', reason: `every note the family stands on (${todoRefs.join(', ')}) is resolved at ${grounding.commit.slice(0, 12)}` };
  }

  const n = grounding.files.length;
  const focusFile = grounding.files[(slot.ordinal - 1) % n]!;
  const round = Math.floor((slot.ordinal - 1) / n);
  const symbols = focusSymbols(focusFile, family.target_hints.symbols, round);
  const others = grounding.files.filter((f) => f !== focusFile).slice(0, 5);
  const commit = grounding.commit.slice(0, 12);
  const day = grounding.time.slice(0, 10);
  const kind = KIND[family.category];

  const title = `${family.title} (${focusFile.path}${symbols.length > 0 ? `: ${symbols.slice(0, 2).join(', ')}` : ''})`;
  const criteria = [...kept, ...groundedCriteria(input, focusFile, commit)];
  const statement = [
    `## ${kind.heading}: ${family.title}`,
    '',
    kind.ask(family.anchor.name, focusFile.path),
    '',
    `### Where (the code at ${commit}, ${day})`,
    `- \`${focusFile.path}\`${symbols.length > 0 ? `: ${symbols.map((s) => `\`${s}\``).join(', ')}` : ''}`,
    ...others.map((f) => `- \`${f.path}\`${f.symbols.length > 0 ? `: ${f.symbols.slice(0, 4).map((s) => `\`${s}\``).join(', ')}` : ''}`),
    ...(grounding.testFiles.length > 0 ? ['', `Tests of this area: ${grounding.testFiles.map((t) => `\`${t}\``).join(', ')}.`] : []),
    ...notesSection(focusFile, others),
    '',
    '### Expected behaviour',
    direction(family.expected_behavior, family.evidence.map((e) => e.text)),
    ...(grounding.resolvedNotes.length > 0
      ? ['', `Already done at ${commit}, and not part of this task: the notes at ${grounding.resolvedNotes.map((r) => r.replace(/^todo:/, '')).join(', ')} are resolved.`]
      : []),
    '',
    '### Acceptance criteria',
    ...criteria.map((c) => `- [ ] ${c}`),
  ].join('\n');

  const hintedHere = family.target_hints.paths.filter((p) => !grounding.missingPaths.includes(p.replace(/\/+$/, '')));
  const hints = [
    `Start from \`${focusFile.path}\`${symbols.length > 0 ? ` (${symbols.join(', ')})` : ''}.`,
    ...(hintedHere.length > 0 ? [`Paths the forecast pointed at: ${hintedHere.join(', ')}.`] : []),
    ...(grounding.missingPaths.length > 0 ? [`Paths of the forecast that no longer exist at ${commit}: ${grounding.missingPaths.join(', ')}.`] : []),
    ...(grounding.testCommand ? [`Run the tests with \`${grounding.testCommand}\`.`] : []),
    'This task is a specification (status spec): it has no tests or reference solution yet and is not executable as is.',
  ].join('\n');

  return {
    title,
    problemStatement: statement,
    hints,
    acceptanceCriteria: criteria,
    testPatch: '',
    goldPatch: '',
    focus: { paths: [focusFile.path], symbols },
    droppedCriteria: dropped,
  };
}

const KIND = {
  bugfix: {
    heading: 'Bug report',
    ask: (anchor: string, file: string) =>
      `Work in \`${anchor}\` keeps running into defects of this kind. Find a case that is still handled wrongly at this commit, ` +
      `centred on \`${file}\`, fix it, and add a regression test that fails before the fix and passes after it.`,
  },
  feature: {
    heading: 'Feature request',
    ask: (anchor: string, file: string) =>
      `\`${anchor}\` should gain the next step in this direction. Implement it in \`${file}\` (or beside it), ` +
      'keep the existing behaviour unchanged, and add tests for the new behaviour.',
  },
  refactor: {
    heading: 'Refactoring request',
    ask: (anchor: string, file: string) =>
      `Restructure \`${file}\` in \`${anchor}\` in this direction without changing behaviour: ` +
      'the public interface and every test that passes now must keep working.',
  },
} as const;

function groundedCriteria(input: ConditioningInput, focus: GroundedFile, commit: string): string[] {
  const tests = input.grounding.testFiles[0];
  const where = tests ? `in \`${tests}\` (or beside it)` : 'beside the existing tests';
  if (input.family.category === 'refactor') {
    return [`Every test that passes at ${commit} still passes; no public symbol of \`${focus.path}\` changes its behaviour.`];
  }
  return [`New tests ${where} fail at ${commit} and pass with the change.`];
}

/** Family criteria that point at a resolved note or a path gone at Tgen are already met (or moot): dropped. */
function splitCriteria(criteria: readonly string[], resolved: readonly string[], missing: readonly string[]): { kept: string[]; dropped: string[] } {
  const gone = [...resolved.map((r) => r.replace(/^todo:/, '')), ...missing];
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const c of criteria) (gone.some((g) => c.includes(g)) ? dropped : kept).push(c);
  return { kept, dropped };
}

function focusSymbols(file: GroundedFile, hinted: readonly string[], round: number): string[] {
  const preferred = [...file.symbols.filter((s) => hinted.includes(s)), ...file.symbols.filter((s) => !hinted.includes(s))];
  const size = 5;
  const start = preferred.length === 0 ? 0 : (round * size) % preferred.length;
  return preferred.slice(start, start + size);
}

function notesSection(focus: GroundedFile, others: readonly GroundedFile[]): string[] {
  const notes = [focus, ...others].flatMap((f) => f.notes.map((n) => `- \`${f.path}:${n.line}\`: ${n.text}`)).slice(0, 8);
  return notes.length === 0 ? [] : ['', '### Open notes in this code', ...notes];
}

/**
 * The family's expected behaviour as a direction, not a replay: citation
 * markers (`(pr#12)`, `(commit:abc…)`) and quoted titles of the work it was
 * forecast from (its evidence) are taken out, with the phrases that
 * introduced them; other quotes stay.
 */
export function direction(text: string, quotedTitles: readonly string[]): string {
  const ref = String.raw`(?:pr#\d+|commit:[0-9a-f]+|todo:[^)]*|issue#\d+)`;
  let out = text.replace(new RegExp(String.raw`\s*\(${ref}(?:,\s*${ref})*\)`, 'g'), '');
  for (const title of quotedTitles) if (title.trim() !== '') out = out.split(`"${title}"`).join('\u0000');
  return out
    .replace(/\s*\((?:as in|e\.g\.|like)?[\s\u0000,]*(?:and|or)?[\s\u0000,]*\)/g, '')
    .replace(/,?\s*(?:continuing|as in|like|following|after)\s+\u0000(?:\s*(?:,|and|or)\s*\u0000)*/g, '')
    .replace(/\s*\u0000(?:\s*(?:,|and|or)\s*\u0000)*/g, '')
    .replace(/\s+([,.;])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

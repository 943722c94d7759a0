import type { Agreement, Bounds, GroupFigures } from './family-set-figures.js';

/**
 * The text tables of scripts/judge-family-sets.ts (pure): one table per judge against people's primary label, one
 * per judge on the families both labellers agree on, and people against people, each with a row per set and the
 * pooled row last. Kappa is printed to four places, as the lead's pool.py printed it, with its 95% bootstrap interval.
 */

const HEADER = ['set', 'n', 'labels', 'kappa [95%]', 'relevant', 'kappa [95%]', 'under', 'over', 'relevant', 'vs'];

const percent = (x: number | null) => (x === null ? '-' : `${x.toFixed(1)}%`);
const kappa = (k: number | null, i: Bounds) => (k === null ? '-' : i === null ? k.toFixed(4) : `${k.toFixed(4)} [${i[0].toFixed(2)}, ${i[1].toFixed(2)}]`);
const shareText = (s: Agreement['rightRelevant']) => (s.share === null ? '-' : `${(100 * s.share).toFixed(1)}%`);

function row(name: string, a: Agreement | null): string[] {
  if (a === null || a.n === 0) return [name, '0', '-', '-', '-', '-', '-', '-', '-', '-'];
  return [name, `${a.n}`, percent(a.labels), kappa(a.kappa, a.kappaInterval), percent(a.relevant), kappa(a.relevantKappa, a.relevantKappaInterval), `${a.under}`, `${a.over}`, shareText(a.rightRelevant), shareText(a.leftRelevant)];
}

function table(title: string, rows: string[][]): string {
  const all = [HEADER, ...rows];
  const widths = HEADER.map((_, c) => Math.max(...all.map((r) => r[c]!.length)));
  const line = (r: string[]) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return `${title}\n${all.map(line).join('\n')}\n`;
}

/** The tables for `judges` over the sets' figures and the pooled figures. */
export function formatFigures(judges: readonly string[], sets: readonly (readonly [string, GroupFigures])[], pooled: GroupFigures): string {
  const parts: string[] = [
    'n: families; labels: three-label agreement; relevant: relevant-vs-rejected agreement; kappa: Cohen\'s, with its 95% bootstrap interval over families (seed 20240601, 2000 replicates);',
    'under: people relevant, the other side rejected; over: the reverse; relevant: the other side\'s relevant share; vs: people\'s (labels-1) on the same families.',
    '',
  ];
  const each = (pick: (g: GroupFigures) => Agreement | null) => [...sets.map(([name, g]) => row(name, pick(g))), row('pooled', pick(pooled))];
  for (const j of judges) parts.push(table(`${j} against people (labels-1)`, each((g) => g.judges[j]?.all ?? null)));
  for (const j of judges) parts.push(table(`${j} against people, on the families both labellers gave one label (labels-1 = labels-2)`, each((g) => g.judges[j]?.agreed ?? null)));
  parts.push(table('people against people (labels-2 against labels-1, where a second labeller labelled)', each((g) => g.people)));
  return parts.join('\n');
}

/**
 * Changelog and roadmap text: the top ("Unreleased" or newest) section of a
 * changelog, and the items of a roadmap, one entry per list item.
 */

export interface DocLine {
  line: number;
  text: string;
  /** Whole trimmed line, for line-history bisection. */
  raw: string;
}

export interface ChangelogSection {
  heading: string;
  entries: DocLine[];
}

const CHANGELOG_NAME = /^(CHANGELOG|CHANGES|HISTORY|NEWS|RELEASES?|RELEASE[-_]NOTES)(\.(md|markdown|rst|txt|adoc))?$/i;
const ROADMAP_NAME = /^(ROADMAP|TODO|PLANS?|FUTURE)(\.(md|markdown|rst|txt|adoc))?$/i;
const MAX_ENTRIES = 200;

/** Changelog files at the root or one folder down (docs/CHANGELOG.md). */
export function isChangelogPath(path: string): boolean {
  return isDocAt(path, CHANGELOG_NAME);
}

export function isRoadmapPath(path: string): boolean {
  return isDocAt(path, ROADMAP_NAME);
}

function isDocAt(path: string, name: RegExp): boolean {
  const parts = path.split('/');
  return parts.length <= 2 && name.test(parts[parts.length - 1]!);
}

interface Heading {
  index: number;
  level: number;
  text: string;
}

/** Markdown ATX headings, and setext/reStructuredText headings (a line underlined with = - ~ ^). */
function headings(lines: readonly string[]): Heading[] {
  const found: Heading[] = [];
  for (let i = 0; i < lines.length; i++) {
    const atx = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(lines[i]!);
    if (atx) {
      found.push({ index: i, level: atx[1]!.length, text: atx[2]! });
      continue;
    }
    const under = lines[i + 1];
    const text = lines[i]!.trim();
    if (text && under && /^(=+|-+|~+|\^+)\s*$/.test(under) && under.trim().length >= Math.min(3, text.length)
      && !/^[-*+]\s/.test(text)) {
      const level = { '=': 1, '-': 2, '~': 3, '^': 4 }[under.trim()[0] as '=' | '-' | '~' | '^'];
      found.push({ index: i, level, text });
      i++;
    }
  }
  return found;
}

const UNRELEASED = /unreleased|upcoming|in progress|next release|^next\b|\bmain\b|\bhead\b/i;
const VERSIONISH = /\d+\.\d+|unreleased/i;

/** The section a reader of the changelog at T0 would take as "what is coming": Unreleased, else the newest version. */
export function topChangelogSection(text: string): ChangelogSection | null {
  const lines = text.split('\n');
  const all = headings(lines);
  const top = all.find((h) => UNRELEASED.test(h.text)) ?? all.find((h) => VERSIONISH.test(h.text));
  if (!top) return null;
  const next = all.find((h) => h.index > top.index && (h.level <= top.level || VERSIONISH.test(h.text)));
  const end = next ? next.index : lines.length;
  return { heading: top.text.replace(/[[\]]/g, ''), entries: listItems(lines, top.index + 1, end) };
}

export interface RoadmapItem extends DocLine {
  done: boolean;
}

export function roadmapItems(text: string): RoadmapItem[] {
  const lines = text.split('\n');
  return listItems(lines, 0, lines.length).map((item) => {
    const box = /^\[([ xX])\]\s*/.exec(item.text);
    return { ...item, text: box ? item.text.slice(box[0].length) : item.text, done: box ? box[1] !== ' ' : false };
  });
}

function listItems(lines: readonly string[], start: number, end: number): DocLine[] {
  const items: DocLine[] = [];
  for (let i = start; i < end && items.length < MAX_ENTRIES; i++) {
    const match = /^\s*(?:[-*+]|\d+[.)])\s+(.*\S)\s*$/.exec(lines[i]!);
    if (match) items.push({ line: i + 1, text: match[1]!.slice(0, 300), raw: lines[i]!.trim() });
  }
  return items;
}

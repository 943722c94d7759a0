import { plainPhrase } from '../../text/clean.js';
import type { StreamItem } from './streams.js';

/**
 * Documentation whose changes kept correcting its code examples (zustand before 2025: "Fix store-persistence
 * example", "docs: corrected example"): each such change mended one example that
 * was wrong at the time, and the next one is the same kind of work on another example (docs/forecast.md,
 * "Code examples in the documentation"). Only the changes' own words are read: a documentation change that names
 * an example and corrects it (fix, correct).
 */
export interface ExampleFixes {
  /** The examples named by the changes ("store-persistence"), newest first, at most three; may be empty. */
  named: string[];
  /** The changes that corrected an example, newest first. */
  items: StreamItem[];
}

/** "Fix store-persistence example" -> "store-persistence"; "docs: corrected example" -> ""; null when no example is corrected. */
export function correctedExample(title: string): string | null {
  const plain = plainPhrase(title).replace(/^[\w.()-]+:\s*/, '');
  // A correction, not any edit: "update ramda example" may only follow an API change.
  const m = /^(?:fix(?:es|ed)?|correct(?:s|ed)?)\s+(?:the\s+|an?\s+)?(.*?)\s*\bexamples?\b/i.exec(plain);
  if (!m) return null;
  // What names the example: one or two words before "example" ("store-persistence", "redux middleware"), no clause.
  const name = m[1]!.trim();
  if (name.split(/\s+/).length > 2 || /\b(in|of|for|to|and|with)\b/i.test(name)) return null;
  return name.replace(/[.,;:]+$/, '');
}

/** The example corrections of a documentation stream's changes: two or more, else null. */
export function exampleFixes(items: readonly StreamItem[]): ExampleFixes | null {
  const found = items
    .map((item) => ({ item, name: correctedExample(item.title) }))
    .filter((x): x is { item: StreamItem; name: string } => x.name !== null);
  if (found.length < 2) return null;
  const named = [...new Map(found.filter((x) => x.name).map((x) => [x.name.toLowerCase(), x.name])).values()].slice(0, 3);
  return { named, items: found.map((x) => x.item) };
}

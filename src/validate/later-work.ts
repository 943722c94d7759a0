import type { WorkItem } from '../sources/model.js';

export interface LaterWork {
  /** Items to judge against: non-bot work (or all of it, when bots are included). */
  judged: WorkItem[];
  /** Dependency/bot work in the window, counted apart. */
  bots: WorkItem[];
}

/**
 * Splits the work items of a validation window into what is judged and the
 * dependency/bot work that is only counted. The window's bounds are applied by
 * the store query that loads the items: (T0, T0 + window].
 */
export function splitLaterWork(items: readonly WorkItem[], includeBots: boolean): LaterWork {
  const bots = items.filter((i) => i.bot);
  return { judged: includeBots ? [...items] : items.filter((i) => !i.bot), bots };
}

/**
 * The one ordering of paths in every record both backends produce: plain
 * string order (UTF-16 code units). Git's own tree order differs for
 * directories; we do not expose it.
 */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorts in place by `path` and returns the same array. */
export function sortByPath<T extends { path: string }>(items: T[]): T[] {
  return items.sort((x, y) => comparePaths(x.path, y.path));
}

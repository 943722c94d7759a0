import type { BranchEvidence } from './model.js';

const DAY_MS = 86_400_000;

/**
 * What makes a branch at T0 a long-lived feature branch, measured on the 33
 * repositories of the six eval sets (eval/results/branches31.md): at least
 * LONG_LIVED_COMMITS first-parent commits of its own spread over at least
 * LONG_LIVED_DAYS days. Below that are topic branches a pull request left
 * behind (1-9 commits, most over a day or two: 196 of 255 rows; 18 more are release lines). A release or
 * maintenance line (`4.x`, `v2-maint`, `v0.6.x`, `stable`, `gh-pages`, a
 * release-please branch, a dependabot branch) holds backports or published
 * pages, not work to land, and is never one.
 */
export const LONG_LIVED_COMMITS = 10;
export const LONG_LIVED_DAYS = 14;
/** A long-lived branch is active near T0 when its newest commit is at most this many days before it. */
export const ACTIVE_DAYS = 90;

const RELEASE_LINE = /^(?:v?\d+(?:\.\d+)*(?:\.x)*(?:[-.](?:x|maint\S*|master|dev|stable|nogen))*|stable|gh-pages|pages|release\b.*|.*release-please.*|dependabot\/.*|renovate\/.*|.*-maint(?:-\S+)?)$/i;

export function isReleaseLine(name: string): boolean {
  return RELEASE_LINE.test(name);
}

export function branchIsLongLived(b: Pick<BranchEvidence, 'name' | 'commitCount' | 'firstDate' | 'lastDate'>): boolean {
  if (isReleaseLine(b.name)) return false;
  return b.commitCount >= LONG_LIVED_COMMITS && Date.parse(b.lastDate) - Date.parse(b.firstDate) >= LONG_LIVED_DAYS * DAY_MS;
}

export function branchIsActive(b: Pick<BranchEvidence, 'lastDate'>, t0: string): boolean {
  return Date.parse(t0) - Date.parse(b.lastDate) <= ACTIVE_DAYS * DAY_MS;
}

/**
 * The dependency-removal line: a family continuing a title that removes a dependency of the project in favour of
 * the language ("refactor: Remove Object.setPrototypeOf polyfill") predicts more of that restructuring. A later change
 * in the family's own files whose title removes, drops or replaces another such dependency ("fix: Remove
 * `utils-merge` dependency - use spread syntax instead") continues it (related, never strong by it), whatever its
 * kind prefix: the same specific restructuring in the same area (../shared/judging-rules.md), as people named it for
 * express's two application.js families of the fit half. The act alone is no direction: a change removing a
 * deprecated option, a test or a feature in those files removes no dependency and stays rejected.
 */

/** A title removing a dependency: the act, then within a few words a polyfill, shim, ponyfill or dependency. */
const DROPS_DEPENDENCY = /\b(remov\w*|drop\w*|replac\w*|get rid of)\b(?:\W+\S+){0,4}?\W+(polyfills?|ponyfills?|shims?|dependenc(?:y|ies)|deps?)\b/i;

/** Whether a title removes, drops or replaces a dependency (a polyfill, a shim, a package named as a dependency). */
export function dropsDependency(title: string): boolean {
  return DROPS_DEPENDENCY.test(title);
}

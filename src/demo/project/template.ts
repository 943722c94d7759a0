/**
 * A file of the demo project, written in its final form with staged line
 * guards (src/demo/staged-text.ts). It exists while its stream's stage is in
 * [from, until); `stream` is the stage that drives its guards.
 */
export interface FileTemplate {
  path: string;
  stream: string;
  template: string;
  /** First stage at which the file exists; default 0. */
  from?: number;
  /** Stage from which the file no longer exists (it moved or was deleted). */
  until?: number;
  executable?: boolean;
}

/**
 * How long-running library calls report progress: a stage name and, where
 * known, how far along it is. The CLI draws it on stderr; tests and library
 * users pass `silentProgress` or their own.
 */
export interface Progress {
  stage(name: string): void;
  tick(done: number, total: number): void;
  done(): void;
}

export const silentProgress: Progress = { stage() {}, tick() {}, done() {} };

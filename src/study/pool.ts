export interface PoolTask {
  /** Tasks with the same key never run at the same time (a study's repositories: the same clone at two T0s). */
  key: string;
  run: () => Promise<void>;
}

export interface PoolOptions {
  /** At most this many tasks at once (>= 1). */
  jobs: number;
  /** Asked before starting each task: once it says true, no new task starts; running ones finish. */
  stopped?: () => boolean;
}

/**
 * Runs tasks with at most `jobs` at a time, in the given order except that a
 * task whose key is busy lets the next free one go first. Resolves when every
 * started task has settled and nothing more will start (all done, or
 * stopped). A task that throws stops the pool: nothing new starts, the
 * running ones finish, then the pool rejects with that first error (a study
 * catches each repository's own failures, so this is for bugs).
 * Returns how many tasks were started.
 */
export async function runPool(tasks: readonly PoolTask[], options: PoolOptions): Promise<number> {
  if (!Number.isInteger(options.jobs) || options.jobs < 1) throw new Error(`runPool needs jobs >= 1, got ${options.jobs}`);
  const waiting = [...tasks];
  const busy = new Set<string>();
  let active = 0;
  let started = 0;
  let failure: { error: unknown } | null = null;
  await new Promise<void>((resolve) => {
    const next = () => {
      while (active < options.jobs && failure === null && !(options.stopped?.() ?? false)) {
        const i = waiting.findIndex((t) => !busy.has(t.key));
        if (i < 0) break;
        const task = waiting.splice(i, 1)[0]!;
        active++;
        started++;
        busy.add(task.key);
        Promise.resolve()
          .then(task.run)
          .catch((error: unknown) => {
            failure ??= { error };
          })
          .finally(() => {
            active--;
            busy.delete(task.key);
            next();
          });
      }
      if (active === 0) resolve();
    };
    next();
  });
  if (failure !== null) throw (failure as { error: unknown }).error;
  return started;
}

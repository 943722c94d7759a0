import { type Command, Option } from 'commander';
import { z } from 'zod';
import { startWorker } from '../../queue/worker.js';
import { printResult, type CliIO } from '../io.js';
import { parseOptions } from '../options.js';

const Options = z.object({
  queue: z.string({ error: 'required: pass --queue redis://HOST:PORT or set SWE_FUTURE_QUEUE' }).min(1),
  concurrency: z.coerce.number().int().positive(),
  cache: z.string().optional(),
  lockSeconds: z.coerce.number().positive(),
  name: z.string().min(1).optional(),
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
});

export function register(program: Command, io: CliIO): void {
  program
    .command('worker')
    .description('Take repositories of studies from a queue and run them (snapshot, forecasts, validations), each in a child process; run it on any number of machines')
    .addOption(new Option('--queue <url>', 'the Redis URL of the queue (redis://[:PASSWORD@]HOST:PORT[/DB]); never printed').env('SWE_FUTURE_QUEUE'))
    .option('--concurrency <n>', 'repositories worked on at once, each in its own process', '1')
    .addOption(new Option('--cache <dir>', 'where repositories named by a clone URL are cloned and reused (default ~/.cache/swe-future/clones)').env('SWE_FUTURE_CACHE'))
    .option('--lock-seconds <n>', "how long a job stays this worker's without a sign of life: after a crash, its job is retried elsewhere after about this long", '30')
    .option('--name <name>', "this worker's name on the jobs it takes (default host:pid)")
    .addHelpText(
      'after',
      [
        '',
        'Runs until stopped: Ctrl-C or SIGTERM lets the running repositories finish (a second one abandons them: the',
        'queue gives them to another worker after --lock-seconds). Logs go to stderr; --json prints what this worker',
        'did when it stops. Exit codes: 0 stopped; 2 the queue is unreachable or refused the password. See docs/scale-out.md.',
      ].join('\n'),
    )
    .action(async (_opts, command: Command) => {
      const o = parseOptions(Options, command);
      const log = o.quiet ? () => {} : (line: string) => io.stderr(`swe-future: ${line}\n`);
      const worker = await startWorker({
        queue: o.queue,
        concurrency: o.concurrency,
        ...(o.cache ? { cacheDir: o.cache } : {}),
        lockMs: Math.round(o.lockSeconds * 1000),
        ...(o.name ? { name: o.name } : {}),
        onLog: log,
      });
      await new Promise<void>((resolve) => {
        let signals = 0;
        const stop = () => {
          signals += 1;
          if (signals === 1) {
            log('stopping: the running repositories finish first (again to abandon them)');
            void worker.close().then(resolve);
          } else {
            void worker.close(true).then(resolve);
          }
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      const counts = worker.counts();
      printResult(io, o, { worker: { name: o.name ?? null, ...counts } }, () => `worker stopped: ${counts.completed} repositories done, ${counts.failed} failed`);
    });
}

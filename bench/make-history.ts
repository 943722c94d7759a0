/**
 * Writes a synthetic history for the mining benchmark with `git fast-import`:
 * a few thousand text files in nested folders, each commit editing a handful
 * of lines in 1-6 files, with additions, deletions, exact renames, binary
 * files and a --no-ff merge every 40 commits. Deterministic for a given size.
 *
 *   npx tsx bench/make-history.ts --out /tmp/history.git [--commits 5000]
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

/** Mulberry32: small, fast, seeded. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Streams the fast-import commands for `commits` first-parent commits to `write`. */
export function* historyStream(commits: number): Generator<Buffer> {
  const rnd = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const files = new Map<string, string[]>();
  const dirs = Array.from({ length: 60 }, (_, i) => `pkg${i % 7}/src/mod${i}`);
  const line = () => `  const value${Math.floor(rnd() * 1e6)} = compute(${Math.floor(rnd() * 1e4)}); // ${'x'.repeat(Math.floor(rnd() * 40))}`;
  const newFile = () => Array.from({ length: 40 + Math.floor(rnd() * 400) }, line);
  const data = (text: string | Buffer) => {
    const body = typeof text === 'string' ? Buffer.from(text) : text;
    return Buffer.concat([Buffer.from(`data ${body.length}\n`), body, Buffer.from('\n')]);
  };
  let time = 1_600_000_000;
  let mark = 0;
  let mainMark = 0;
  const commit = (branch: string, message: string, ops: Buffer[], merge?: number) => {
    time += 600 + Math.floor(rnd() * 7200);
    mark += 1;
    const who = pick(['Ada <ada@example.com>', 'Linus <linus@example.com>', 'Grace <grace@example.com>']);
    return Buffer.concat([
      Buffer.from(`commit refs/heads/${branch}\nmark :${mark}\nauthor ${who} ${time} +0000\ncommitter ${who} ${time} +0000\n`),
      data(message),
      Buffer.from(mainMark && branch === 'main' ? `from :${mainMark}\n` : ''),
      Buffer.from(merge ? `merge :${merge}\n` : ''),
      ...ops,
    ]);
  };
  const modify = (path: string) => Buffer.concat([Buffer.from(`M 100644 inline ${path}\n`), data(`${(files.get(path) ?? []).join('\n')}\n`)]);

  const initial: Buffer[] = [];
  for (let i = 0; i < 2000; i++) {
    const path = `${pick(dirs)}/file${i}.ts`;
    files.set(path, newFile());
    initial.push(modify(path));
  }
  yield commit('main', 'Initial import\n', initial);
  mainMark = mark;
  for (let n = 1; n < commits; n++) {
    const ops: Buffer[] = [];
    const roll = rnd();
    if (roll < 0.05) {
      const path = `${pick(dirs)}/new${n}.ts`;
      files.set(path, newFile());
      ops.push(modify(path));
    } else if (roll < 0.07 && files.size > 100) {
      const path = pick([...files.keys()]);
      files.delete(path);
      ops.push(Buffer.from(`D ${path}\n`));
    } else if (roll < 0.09) {
      const path = pick([...files.keys()]);
      const to = `${pick(dirs)}/moved${n}.ts`;
      files.set(to, files.get(path) ?? []);
      files.delete(path);
      ops.push(Buffer.from(`R ${path} ${to}\n`));
    } else if (roll < 0.1) {
      const bytes = Buffer.alloc(2048 + Math.floor(rnd() * 8192));
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(rnd() * 256);
      ops.push(Buffer.concat([Buffer.from(`M 100644 inline assets/blob${n % 50}.bin\n`), data(bytes)]));
    }
    const keys = [...files.keys()];
    for (let k = 1 + Math.floor(rnd() * 6); k > 0; k--) {
      const path = pick(keys);
      const lines = files.get(path) ?? [];
      for (let e = 1 + Math.floor(rnd() * 8); e > 0; e--) {
        const at = Math.floor(rnd() * lines.length);
        if (rnd() < 0.5) lines[at] = line();
        else lines.splice(at, 0, line());
      }
      ops.push(modify(path));
    }
    if (n % 40 === 0) {
      yield commit('topic', `Topic work ${n}\n`, ops.splice(0, 1));
      const topic = mark;
      yield Buffer.from(`reset refs/heads/topic\nfrom :${mainMark}\n\n`);
      yield commit('main', `Merge topic ${n}\n`, ops, topic);
    } else {
      yield commit('main', `Change ${n}: ${pick(['fix', 'feat', 'refactor', 'docs'])} something\n\nDetails for ${n}.\n`, ops);
    }
    mainMark = mark;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, commits: { type: 'string', default: '5000' } } });
  if (!values.out) throw new Error('Pass --out DIR for the new bare repository');
  const run = (args: string[], input?: Iterable<Buffer>) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn('git', args, { stdio: [input ? 'pipe' : 'ignore', 'inherit', 'inherit'] });
      child.once('error', reject);
      child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`git ${args.join(' ')} failed (${code})`))));
      if (input && child.stdin) {
        const stdin = child.stdin;
        (async () => {
          for (const chunk of input) if (!stdin.write(chunk)) await new Promise((r) => stdin.once('drain', r));
          stdin.end();
        })().catch(reject);
      }
    });
  await run(['init', '-q', '--bare', '-b', 'main', values.out]);
  await run(['--git-dir', values.out, 'fast-import', '--quiet'], historyStream(Number(values.commits)));
  await run(['--git-dir', values.out, 'repack', '-adq']);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

import { type GitChild, type GitExit, exitOf, spawnGit } from './git-process.js';

/** An object as `git cat-file --batch` returns it. */
export interface CatFileObject {
  oid: string;
  type: 'blob' | 'tree' | 'commit' | 'tag';
  bytes: Buffer;
}

interface Request {
  name: string;
  resolve: (object: CatFileObject | null) => void;
  reject: (error: Error) => void;
}

/** What git says when it dies on an object a partial clone lacks (it cannot fetch it, and must not). */
const DIES_ON_MISSING = /could not fetch [0-9a-f]+ from promisor remote|unable to read [0-9a-f]{40}/;

const HEADER = /^([0-9a-f]{40}|[0-9a-f]{64}) (blob|tree|commit|tag) (\d+)$/;

/**
 * One long-lived `git cat-file --batch` process. Requests are written at once
 * and answered in order, so many reads can be in flight. Started on the first
 * read; `close()` ends it. In a partial clone git exits on a missing object
 * instead of answering "missing": that read gets null and a new process takes
 * the reads still waiting.
 */
export class CatFile {
  private child: GitChild | null = null;
  private exit: Promise<GitExit> | null = null;
  private readonly queue: Request[] = [];
  private header: Buffer[] = [];
  private body: { object: Omit<CatFileObject, 'bytes'>; bytes: Buffer; filled: number } | null = null;
  /** Names asked for in this tick, written to git in one write when the tick ends (one pipe write, not one per read). */
  private unsent: string[] = [];

  constructor(private readonly gitdir: string) {}

  /** Reads an object by any name git accepts (`<oid>`, `<commit>:<path>`); null when missing. */
  read(name: string): Promise<CatFileObject | null> {
    if (name.includes('\n') || name.trim() !== name || name === '') return Promise.resolve(null);
    const child = this.start();
    return new Promise((resolve, reject) => {
      this.queue.push({ name, resolve, reject });
      if (this.unsent.push(name) === 1) queueMicrotask(() => this.flush(child));
    });
  }

  private flush(child: GitChild): void {
    // A process that died meanwhile handed these reads to its successor (see `ended`), which sends them itself.
    if (child !== this.child) return;
    const names = this.unsent;
    this.unsent = [];
    child.stdin?.write(`${names.join('\n')}\n`);
  }

  /** Ends the process; pending reads still get their answers first. */
  async close(): Promise<void> {
    const { child, exit } = this;
    if (!child || !exit) return;
    child.stdin?.end();
    await exit;
  }

  private start(): GitChild {
    if (this.child) return this.child;
    const child = spawnGit(this.gitdir, ['cat-file', '--batch'], 'pipe');
    const exit = exitOf(child);
    this.child = child;
    this.exit = exit;
    child.stdin?.on('error', () => undefined); // a dead process is reported by `exit`
    child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    const ended = (error: Error, missing: boolean) => {
      this.child = null;
      this.exit = null;
      this.unsent = [];
      this.header = [];
      this.body = null;
      const pending = this.queue.splice(0);
      if (!missing) {
        for (const request of pending) request.reject(error);
        return;
      }
      // Git died on the first unanswered object; the rest go to a new process.
      pending.shift()?.resolve(null);
      for (const request of pending) this.read(request.name).then(request.resolve, request.reject);
    };
    exit.then(
      ({ code, stderr }) => ended(new Error(`git cat-file exited (${code}): ${stderr.trim()}`), code !== 0 && DIES_ON_MISSING.test(stderr)),
      (error: Error) => ended(error, false),
    );
    return child;
  }

  private receive(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.body) {
        const { bytes } = this.body;
        const take = Math.min(bytes.length - this.body.filled, chunk.length - at);
        chunk.copy(bytes, this.body.filled, at, at + take);
        this.body.filled += take;
        at += take;
        if (this.body.filled === bytes.length) {
          const { object } = this.body;
          this.body = null;
          this.answer({ ...object, bytes: bytes.subarray(0, bytes.length - 1) });
        }
        continue;
      }
      const nl = chunk.indexOf(0x0a, at);
      if (nl < 0) {
        this.header.push(chunk.subarray(at));
        return;
      }
      this.header.push(chunk.subarray(at, nl));
      at = nl + 1;
      const line = Buffer.concat(this.header).toString('latin1');
      this.header = [];
      const match = HEADER.exec(line);
      if (!match) {
        this.answer(null); // "<name> missing" or "<name> ambiguous"
        continue;
      }
      const type = match[2] as CatFileObject['type'];
      // The content is followed by one newline, read along with it.
      this.body = { object: { oid: match[1] as string, type }, bytes: Buffer.allocUnsafe(Number(match[3]) + 1), filled: 0 };
    }
  }

  private answer(object: CatFileObject | null): void {
    this.queue.shift()?.resolve(object);
  }
}

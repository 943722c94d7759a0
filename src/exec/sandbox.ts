import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../errors.js';

/**
 * How a repository's command is isolated (docs/synthesis.md, "Sandbox").
 *
 * With `sandbox` on (the default) the command runs under bubblewrap: the
 * whole file system read-only, the work tree the only writable place (plus a
 * private, empty /tmp), no network unless `network` (the install phase, when
 * asked), its own pid, IPC and UTS namespaces and session, killed with its
 * parent. Off (`--no-sandbox`) it runs as the user, with the same limits and
 * environment filter but nothing else in the way.
 */
export interface Isolation {
  sandbox: boolean;
  /** Network inside the sandbox: only for the dependency install phase, and only when asked. */
  network: boolean;
  /** Environment variable names passed through although they look like secrets (`--allow-env`). */
  allowEnv: readonly string[];
  /** More writable folders (absolute): the install phase's package caches. */
  writable?: readonly string[];
  /** Variables set for the command after the filter (a venv's PATH for the test phase, a cache folder for the install). */
  env?: Readonly<Record<string, string>>;
}

export const DEFAULT_ISOLATION: Isolation = { sandbox: true, network: false, allowEnv: [] };

export const BWRAP_INSTALL = 'apt-get install bubblewrap (Debian/Ubuntu), dnf install bubblewrap (Fedora), or pass --no-sandbox to run tests unsandboxed';

/**
 * Names that look like credentials: `*_KEY`, `*_TOKEN`, `*_SECRET`, `*PASSWORD*`, `*_PASS`, `*_PAT`, `*_DSN`,
 * `*CREDENTIAL*`, `*_AUTH`, `*COOKIE*`, and connection strings (`DATABASE_URL`, `REDIS_URL`, ...).
 */
const SECRET_NAME = /(^|_)(KEY|KEYS|TOKEN|TOKENS|SECRET|SECRETS|PASS|PASSWD|PWD|PAT|DSN|AUTH|APIKEY)($|_)|PASSWORD|CREDENTIAL|COOKIE|PRIVATE|(^|_)(DATABASE|DB|REDIS|MONGO|MONGODB|POSTGRES|PG|MYSQL|AMQP|RABBITMQ|SENTRY|WEBHOOK|SLACK)(_[A-Z0-9]+)*_(URL|URI)$/i;
/** A URL with a password in it (`scheme://user:secret@host`), whatever the variable's name. */
const CREDENTIAL_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/\s:@]+:[^/\s@]+@/i;
/** Kept although the pattern would catch them: the shell's own. */
const NEVER_SECRET = new Set(['PWD', 'OLDPWD']);

/** Whether a variable is withheld from repository code unless allowed by name. */
export function looksSecret(name: string, value: string | undefined): boolean {
  if (NEVER_SECRET.has(name)) return false;
  return SECRET_NAME.test(name) || (value !== undefined && CREDENTIAL_URL.test(value.trim()));
}

/**
 * The environment repository code gets: the parent's, minus secrets-looking variables (unless named in
 * `allowEnv`), swe-future's own settings, GIT_* and NODE_OPTIONS; plus CI=1 NO_COLOR=1 FORCE_COLOR=0, which the
 * gate, the agent's run_tests and the exported verifiers all set (so colour never depends on a terminal).
 */
export function commandEnv(allowEnv: readonly string[] = [], from: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const allowed = new Set(allowEnv);
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(from)) {
    if (name.startsWith('SWE_FUTURE_') || name.startsWith('GIT_') || name === 'NODE_OPTIONS') continue;
    if (!allowed.has(name) && looksSecret(name, value)) continue;
    env[name] = value;
  }
  return { ...env, ...FORCED_ENV };
}

/** The variables every test run gets; the agent is told them and the exported verifiers export them. */
export const FORCED_ENV = { CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' } as const;

/** The names withheld from a command's environment (for a note to the user; values never shown). */
export function withheldNames(allowEnv: readonly string[] = [], from: NodeJS.ProcessEnv = process.env): string[] {
  const allowed = new Set(allowEnv);
  return Object.entries(from)
    .filter(([name, value]) => !allowed.has(name) && looksSecret(name, value))
    .map(([name]) => name)
    .sort();
}

/** PATH values under which bwrap was found working. */
const checked = new Set<string>();

/**
 * The bubblewrap binary, checked once per process by running `true` in a
 * sandbox like the real one. Throws SANDBOX_MISSING (not installed) or
 * SANDBOX_UNAVAILABLE (installed but refused, e.g. no user namespaces).
 */
export function requireBwrap(): string {
  const path = process.env.PATH ?? '';
  if (checked.has(path)) return 'bwrap';
  const found = spawnSync('bwrap', ['--version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    throw new UserError('SANDBOX_MISSING', 'Test commands run under bubblewrap (bwrap), which is not installed', `Install it: ${BWRAP_INSTALL}.`);
  }
  const probe = spawnSync('bwrap', [...bwrapArgs('/', DEFAULT_ISOLATION), '--', 'true'], { encoding: 'utf8', timeout: 10_000 });
  if (probe.status !== 0) {
    const why = (probe.stderr || probe.error?.message || '').trim().split('\n')[0];
    throw new UserError('SANDBOX_UNAVAILABLE', `bubblewrap cannot make a sandbox here (${why})`, 'Allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1), run as root in a container, or pass --no-sandbox.');
  }
  checked.add(path);
  return 'bwrap';
}

/**
 * bubblewrap's arguments for a command whose work tree is `cwd`: read-only
 * root, fresh /dev, /proc and /tmp, `cwd` (and `writable`) bound read-write,
 * namespaces unshared (network unless `network`), a new session, and death
 * with the parent.
 */
export function bwrapArgs(cwd: string, isolation: Isolation): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'];
  for (const dir of [...(isolation.writable ?? []), ...(cwd === '/' ? [] : [cwd])]) {
    if (existsSync(dir)) args.push('--bind', dir, dir);
  }
  args.push('--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try');
  if (!isolation.network) args.push('--unshare-net');
  args.push('--die-with-parent', '--new-session', '--chdir', cwd);
  return args;
}

/** Caches a dependency install may fill (when they exist): npm, pip, go modules, cargo registries. */
export function packageCaches(env: NodeJS.ProcessEnv = process.env): string[] {
  const home = env.HOME ?? homedir();
  return [
    env.npm_config_cache ?? join(home, '.npm'),
    join(home, '.cache', 'pip'),
    env.GOMODCACHE ?? join(env.GOPATH ?? join(home, 'go'), 'pkg', 'mod'),
    join(env.CARGO_HOME ?? join(home, '.cargo'), 'registry'),
    join(env.CARGO_HOME ?? join(home, '.cargo'), 'git'),
  ].filter((dir) => existsSync(dir));
}

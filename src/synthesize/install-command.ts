/**
 * The dependency install a repository most likely needs before its tests run, from the files at Tgen
 * (docs/synthesis.md, "Dependency install"). Lock file aware, and offline unless the network was asked for
 * (`--install-network`): offline, the package manager is told to use its cache only, so a missing package is a
 * quick, clear failure instead of a hang on an unreachable registry.
 *
 *   package.json + package-lock.json | npm-shrinkwrap.json → npm ci
 *                + pnpm-lock.yaml                          → pnpm install --frozen-lockfile
 *                + yarn.lock                               → yarn install --frozen-lockfile
 *                no lock file                              → npm install --no-package-lock (writes no lock file)
 *                no dependencies at all                    → nothing to install
 *   pyproject.toml | setup.py | setup.cfg                 → a venv in the work tree (.venv, seeing the system's
 *                                                            packages) and pip install -e . into it
 *   go.mod                                                 → go mod download (offline: GOPROXY=off, the module cache)
 *   Cargo.toml                                             → cargo fetch (offline: --offline)
 */
export type InstallKind = 'npm' | 'pnpm' | 'yarn' | 'pip' | 'go' | 'cargo' | 'custom';

export interface InstallPlan {
  kind: InstallKind;
  /** A shell command run in the work tree's root. */
  command: string;
  /** Network in the install phase (only when asked). */
  network: boolean;
  /** Which files chose it, for the log. */
  reason: string;
  /**
   * Variables the TEST phase needs to see what was installed (a venv's bin first on PATH); a value may hold
   * `{root}`, the work tree's absolute path, and `{PATH}`, the inherited PATH.
   */
  testEnv: Readonly<Record<string, string>>;
}

const NPM_QUIET = '--no-audit --no-fund --loglevel=error';

export function detectInstall(paths: readonly string[], packageJson: string | null, options: { network: boolean }): InstallPlan | null {
  const has = (p: string) => paths.includes(p);
  const { network } = options;
  if (has('package.json')) {
    if (!declaresDependencies(packageJson)) return null;
    const npmNet = network ? '--prefer-offline' : '--offline';
    if (has('package-lock.json') || has('npm-shrinkwrap.json')) {
      return plan('npm', `npm ci ${NPM_QUIET} ${npmNet}`, network, `package.json with ${has('package-lock.json') ? 'package-lock.json' : 'npm-shrinkwrap.json'}`);
    }
    if (has('pnpm-lock.yaml')) return plan('pnpm', `pnpm install --frozen-lockfile ${network ? '--prefer-offline' : '--offline'}`, network, 'package.json with pnpm-lock.yaml');
    if (has('yarn.lock')) return plan('yarn', `yarn install --frozen-lockfile --non-interactive${network ? '' : ' --offline'}`, network, 'package.json with yarn.lock');
    return plan('npm', `npm install ${NPM_QUIET} --no-package-lock ${npmNet}`, network, 'package.json without a lock file');
  }
  if (has('pyproject.toml') || has('setup.py') || has('setup.cfg')) {
    // The system's packages stay visible (--system-site-packages): pytest and build backends Debian installed serve
    // offline. With the network, pip builds in isolation and fetches what is missing; offline it uses what is there.
    const pip = network ? '-e .' : '--no-index --no-build-isolation -e .';
    return {
      kind: 'pip',
      command: `python3 -m venv --system-site-packages .venv && .venv/bin/python -m pip install --disable-pip-version-check --no-input -q ${pip}`,
      network,
      reason: has('pyproject.toml') ? 'pyproject.toml' : has('setup.py') ? 'setup.py' : 'setup.cfg',
      testEnv: { PATH: '{root}/.venv/bin:{PATH}', VIRTUAL_ENV: '{root}/.venv' },
    };
  }
  if (has('go.mod')) return plan('go', network ? 'go mod download' : 'GOPROXY=off GOFLAGS=-mod=mod go mod download', network, 'go.mod');
  if (has('Cargo.toml')) return plan('cargo', network ? 'cargo fetch' : 'cargo fetch --offline', network, 'Cargo.toml');
  return null;
}

/** `--install-cmd`: the user's own command, run as given. */
export function customInstall(command: string, network: boolean): InstallPlan {
  return plan('custom', command, network, '--install-cmd');
}

function plan(kind: InstallKind, command: string, network: boolean, reason: string): InstallPlan {
  return { kind, command, network, reason, testEnv: {} };
}

function declaresDependencies(text: string | null): boolean {
  if (text === null) return false;
  try {
    const pkg = JSON.parse(text) as Record<string, unknown>;
    return ['dependencies', 'devDependencies', 'optionalDependencies'].some((k) => {
      const deps = pkg[k];
      return typeof deps === 'object' && deps !== null && Object.keys(deps).length > 0;
    });
  } catch {
    // An unreadable package.json: let npm say what is wrong with it.
    return true;
  }
}

/** The test phase's variables for a plan installed in `root`. */
export function testEnvFor(plan: InstallPlan | null, root: string, inheritedPath: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(plan?.testEnv ?? {})) out[name] = value.split('{root}').join(root).split('{PATH}').join(inheritedPath);
  return out;
}

/**
 * The install a task's environment image runs (Harbor's Dockerfile): the one the execution gate ran, in its networked
 * form (an image build has the network; the cache-only flags would fail on an empty cache). Null for pip, whose
 * work-tree venv the image's test script does not put on PATH: the image keeps its own `pip install -e .`.
 */
export function imageInstall(install: { command: string } | null | undefined): string | null {
  if (!install || /\.venv\/bin\/python -m pip\b/.test(install.command)) return null;
  return install.command
    .replace(/^GOPROXY=off GOFLAGS=-mod=mod /, '')
    .replace(/\s--(?:prefer-)?offline\b/g, '')
    .trim();
}

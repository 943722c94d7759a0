/**
 * Expected failures: bad input, refused by a guard. Each has a stable `code`
 * (tests compare it), a message that says what is wrong, and a fix that says
 * what to do instead. Only src/cli/main.ts turns them into exit codes.
 */
export class UserError extends Error {
  override readonly name = 'UserError';
  constructor(
    readonly code: string,
    message: string,
    readonly fix: string,
  ) {
    super(message);
  }

  /** The one line the CLI prints: `<what is wrong>. <how to fix it>` */
  get line(): string {
    const what = this.message.replace(/[.\s]+$/, '');
    const fix = this.fix.replace(/\s+$/, '');
    return fix ? `${what}. ${fix}` : `${what}.`;
  }
}

export function isUserError(err: unknown): err is UserError {
  return err instanceof UserError;
}

/**
 * Not a failure: a command that has said all it had to say and must end with
 * a particular exit code (130 after Ctrl-C). src/cli/main.ts returns the code
 * and prints nothing more.
 */
export class ExitError extends Error {
  override readonly name = 'ExitError';
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
  }
}

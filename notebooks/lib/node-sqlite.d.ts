/**
 * The part of `node:sqlite` the notebooks use. Deno implements the module, but
 * the @types/node in node_modules (20.x, the project's Node) predates it, so
 * `deno check` needs these declarations (Node's own documentation of
 * DatabaseSync and StatementSync).
 */
declare module 'node:sqlite' {
  type SQLInputValue = null | number | bigint | string | Uint8Array;
  type SQLOutputValue = null | number | bigint | string | Uint8Array;
  export class StatementSync {
    all(...anonymous: SQLInputValue[]): Record<string, SQLOutputValue>[];
    all(named: Record<string, SQLInputValue>, ...anonymous: SQLInputValue[]): Record<string, SQLOutputValue>[];
  }
  export class DatabaseSync {
    constructor(path: string, options?: { open?: boolean; readOnly?: boolean });
    prepare(sql: string): StatementSync;
    close(): void;
  }
}

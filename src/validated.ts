import type { z } from 'zod';

/**
 * Records are validated once, where they enter (a stage's result, a file, a
 * request), not again on every hop: `validate(schema, value)` parses `value`
 * and remembers the result it returns, so handing that result to
 * `validate(schema, …)` again (the store's writers do) returns it as it is.
 * A record is treated as frozen once validated: code that changes one builds
 * a new object, which is parsed again.
 */
const seen = new WeakMap<object, Set<z.ZodType>>();

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  if (typeof value === 'object' && value !== null && seen.get(value)?.has(schema)) return value as z.output<S>;
  const parsed = schema.parse(value);
  if (typeof parsed === 'object' && parsed !== null) {
    const schemas = seen.get(parsed) ?? new Set<z.ZodType>();
    schemas.add(schema);
    seen.set(parsed, schemas);
  }
  return parsed;
}

import { z } from 'zod';

/**
 * Loose families the heuristic found but did not show (heuristic/order.ts):
 * titles naming no checkable work ("Fix the next reported defects in X",
 * "Continue restructuring src/cache"). The forecast config records them as
 * `loose: { found, heldBack }`; summaries print this note so a reader sees
 * that directions were found and why they are not in the list.
 */
export function heldBackNote(held: number): string {
  return `${held} loose ${held === 1 ? 'family' : 'families'} held back (titles naming no checkable work)`;
}

const LooseConfig = z.object({ loose: z.object({ heldBack: z.number().int().nonnegative() }) });

/** The note for a frozen forecast's config, or null when it held nothing back (or its forecaster records no `loose`). */
export function heldBackLine(config: Record<string, unknown>): string | null {
  const parsed = LooseConfig.safeParse(config);
  return parsed.success && parsed.data.loose.heldBack > 0 ? heldBackNote(parsed.data.loose.heldBack) : null;
}

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

/**
 * Families held back by the score floor (`forecast --score-floor`): their calibrated chance of strong later work is
 * below it. The config records them as `floor: { heldBack }` beside `scoreFloor`.
 */
export function floorNote(held: number, floor: number): string {
  return `${held} ${held === 1 ? 'family' : 'families'} held back below the score floor ${floor}`;
}

const LooseConfig = z.object({ loose: z.object({ heldBack: z.number().int().nonnegative() }), maxLoose: z.number().int().nonnegative().optional() });
const FloorConfig = z.object({ scoreFloor: z.number(), floor: z.object({ heldBack: z.number().int().nonnegative() }) });

/** The note for a frozen forecast's config, or null when it held nothing back (or its forecaster records neither). */
export function heldBackLine(config: Record<string, unknown>): string | null {
  const loose = LooseConfig.safeParse(config);
  const floor = FloorConfig.safeParse(config);
  const notes = [
    ...(floor.success && floor.data.floor.heldBack > 0 ? [floorNote(floor.data.floor.heldBack, floor.data.scoreFloor)] : []),
    ...(loose.success && loose.data.loose.heldBack > 0 ? [heldBackNote(loose.data.loose.heldBack)] : []),
  ];
  return notes.length ? notes.join('; ') : null;
}

/**
 * The `--max-loose` that would show every loose family a frozen forecast held back (what it showed plus what it
 * held), or null when it held none back or its forecaster records none.
 */
export function maxLooseShowingAll(config: Record<string, unknown>): number | null {
  const loose = LooseConfig.safeParse(config);
  if (!loose.success || loose.data.loose.heldBack === 0) return null;
  return (loose.data.maxLoose ?? 0) + loose.data.loose.heldBack;
}

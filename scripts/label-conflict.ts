/** One family two label sets disagree on, as `label-set-conflicts.ts --json` writes it and `contested-packets.ts` reads it. */
export type Label = 'strong' | 'related' | 'rejected';

export interface Conflict {
  set: string;
  repo: string;
  blind: string;
  /** Every blind id of the family set with this title (a title two baselines wrote is one family). */
  blinds: string[];
  title: string;
  /** The two sides differ on relevant-vs-rejected, not only strong-vs-related. */
  binary: boolean;
  pairs: { label: Label; sources: string[]; ids: string[]; relevant: string[] };
  families: { label: Label; labels: string[]; named: string[]; reason: string };
}

/**
 * The figures the SWE-Future paper reports for its own forecaster and judge on
 * its own 80 repositories (arXiv 2606.18733; ../shared/reference/swe-future-method.md
 * §2.3). Shown beside this study's numbers for orientation only: a different
 * repository set, forecaster and judge.
 */
export interface PublishedFraction {
  n: number;
  of: number;
  /** True where the number is derived by subtraction, not reported. */
  inferred?: boolean;
}

export const PUBLISHED = {
  source: 'SWE-Future (arXiv 2606.18733)',
  repositories: 80,
  abstained: 4,
  families: 260,
  relevantRepositories: 61,
  relevance: { n: 151, of: 260 },
  strong: { n: 111, of: 260 },
  agreement: { n: 216, of: 260 },
  perCategory: {
    bugfix: { n: 89, of: 139 },
    feature: { n: 45, of: 93 },
    // 151 − 89 − 45: the paper's digests give the total and two types only.
    refactor: { n: 17, of: 28, inferred: true },
  },
} as const satisfies {
  source: string;
  repositories: number;
  abstained: number;
  families: number;
  relevantRepositories: number;
  relevance: PublishedFraction;
  strong: PublishedFraction;
  agreement: PublishedFraction;
  perCategory: Record<'bugfix' | 'feature' | 'refactor', PublishedFraction>;
};

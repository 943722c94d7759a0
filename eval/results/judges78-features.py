"""judges78 (issue 16): the feature study of list-shaped families that quote past work, from the table
scripts/list-family-features.ts writes (one JSON line per family x later item of the 13 readable sets).

    npx tsx scripts/list-family-features.ts --stores DIR --out /tmp/judges78/features.jsonl
    python3 eval/results/judges78-features.py /tmp/judges78/features.jsonl

Prints, as in eval/results/judges78.md:
  1. the feature table (pairs people cite vs pairs of families people reject; families it fires on; families the
     default judge rejects now that it would gain, and how many of those people relate);
  2. every conjunction of up to three features (or their negations) that gains >= 5 judge-rejected families, best
     precision first;
  3. a split-half check: conjunctions at >= 70% on one half of the sets, scored on the other half;
  4. removals: judge-relevant families whose called items all lack a feature.
A family's label is people's labels-1; it "relates" when strong or related. Positives are the items people cite.
Bad input (no file, no rows) is one line on stderr and exit 2.
"""
import collections
import itertools
import json
import sys

import numpy as np

if len(sys.argv) != 2:
    sys.stderr.write('usage: python3 eval/results/judges78-features.py FEATURES.jsonl (scripts/list-family-features.ts --out)\n')
    sys.exit(2)
try:
    rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
except OSError as e:
    sys.stderr.write(f'{sys.argv[1]}: {e.strerror}; write it with npx tsx scripts/list-family-features.ts --out FILE\n')
    sys.exit(2)
if not rows:
    sys.stderr.write(f'{sys.argv[1]}: no rows; write it with npx tsx scripts/list-family-features.ts --out FILE\n')
    sys.exit(2)

RANK = {'rejected': 0, 'related': 1, 'strong': 2}
fam = collections.OrderedDict()
for r in rows:
    fam.setdefault((r['set'], r['repo'], r['blind']), []).append(r)


def relates(k):
    return fam[k][0]['people'] != 'rejected'


def judged(k):
    """The default judge's family label, as a rank: the best over its pairs."""
    return max(RANK[r['judge']] for r in fam[k])


def quoted_line(r, listed=1, other=1):
    return any(len(q['listed']) >= listed and len(q['other']) >= other for q in r['qLines'])


FEATURES = [
    ('T1', 'a listed word in its title', lambda r: len(r['tTitle']) >= 1),
    ('T2', 'two listed words in its title', lambda r: len(r['tTitle']) >= 2),
    ('B1', 'a listed word in its body (first 600 chars)', lambda r: len(r['tBody']) >= 1),
    ('TB2', 'two listed words in title and body together', lambda r: len(set(r['tTitle']) | set(r['tBody'])) >= 2),
    ('P1', 'a listed word in its changed paths', lambda r: len(r['tPath']) >= 1),
    ('Q1', 'a word of a quoted title in its title', lambda r: len(r['qTitle']) >= 1),
    ('Qn', 'a quoted-title word that is not listed, in its title', lambda r: any(s not in r['listed'] for s in r['qTitle'])),
    ('Q2', 'two quoted-title words in its title', lambda r: len(r['qTitle']) >= 2),
    ('QL', 'one quoted title: a listed word of it and another word of it, both in its title', quoted_line),
    ('QF', "touches a quoted change's own files (less changelogs, manifests)", lambda r: r['qFileHits'] >= 1),
    ('QD', "touches a folder of a quoted change's files", lambda r: r['qDirHits'] >= 1),
    ('A', "touches the family's own paths (area)", lambda r: bool(r['touches'])),
    ('K', 'same kind as the family (prefix, label or keyword)', lambda r: r['sameKind']),
    ('Kok', 'kind the same or unknown', lambda r: r['sameKind'] or r['itemKind'] is None),
    ('R', 'a listed word in its title that at most 2 window titles have (rare)', lambda r: any(n <= 2 for n in r['rarity'].values())),
    ('C', 'that listed word is a code word (not English, or has _ / digits)', lambda r: len(r['codeWords']) >= 1),
    ('S', 'small: at most 5 files', lambda r: r['files'] <= 5),
    ('D60', 'merged within 60 days of T0', lambda r: r['days'] <= 60),
    ('SIM25', 'judge similarity >= .25', lambda r: r['similarity'] >= 0.25),
    ('SH2', 'shares >= 2 family topic words', lambda r: r['shared'] >= 2),
    ('fc_hot', 'family by the hotspot forecaster', lambda r: r['forecaster'].startswith('hotspot')),
    ('fc_rec', 'family by the recency forecaster', lambda r: r['forecaster'].startswith('recency')),
    ('fam_feat', 'family predicts a feature', lambda r: r['kind'] == 'feature'),
]
names = [n for n, _, _ in FEATURES]
F = {k: [{n: bool(f(r)) for n, _, f in FEATURES} for r in v] for k, v in fam.items()}

# 1. The feature table.
print(f"families {len(fam)} (people relate {sum(relates(k) for k in fam)}), pairs {len(rows)}")
print(f"judge-rejected {sum(judged(k) == 0 for k in fam)} (people relate {sum(relates(k) for k in fam if judged(k) == 0)}); "
      f"judge-relevant {sum(judged(k) > 0 for k in fam)} (people reject {sum(not relates(k) for k in fam if judged(k) > 0)})\n")
print('| feature | what it reads | pairs: cited / of rejected families (precision) | families it fires on: relate / reject | gained (judge rejects now): relate / all (precision) |')
print('|---|---|---|---|---|')
for n, what, _ in FEATURES[:20]:
    cp = cn = fr = fj = g = gr = 0
    for k in fam:
        fire = [f[n] for f in F[k]]
        cp += sum(1 for r, x in zip(fam[k], fire) if x and r['cited'])
        cn += sum(1 for r, x in zip(fam[k], fire) if x and not relates(k))
        if any(fire):
            fr += relates(k)
            fj += not relates(k)
            if judged(k) == 0:
                g += 1
                gr += relates(k)
    print(f"| {n} | {what} | {cp} / {cn} ({cp / max(cp + cn, 1):.0%}) | {fr} / {fj} | {gr} / {g} ({gr / max(g, 1):.0%}) |")

# 2. Conjunctions, on the families the judge rejects now.
rej = [k for k in fam if judged(k) == 0]
X = np.array([[f[n] for n in names] for k in rej for f in F[k]], dtype=bool)
owner = np.array([i for i, k in enumerate(rej) for _ in fam[k]])
cited = np.array([r['cited'] for k in rej for r in fam[k]])
L = np.concatenate([X, ~X], axis=1)
lname = names + ['!' + n for n in names]
Y = np.array([relates(k) for k in rej])
setsA = {'dev20b', 'audit20b', 'newcomer3-20', 'newcomer5-20', 'newcomer7-20', 'newcomer9-blind'}
inA = np.array([k[0] in setsA for k in rej])


def fired(mask):
    out = np.zeros(len(rej), bool)
    out[owner[mask]] = True
    return out


combos = []
for size in (1, 2, 3):
    for c in itertools.combinations(range(L.shape[1]), size):
        if len({lname[i].lstrip('!') for i in c}) < size:
            continue
        m = L[:, c[0]].copy()
        for i in c[1:]:
            m &= L[:, i]
        if not m.any():
            continue
        f = fired(m)
        fc = fired(m & cited)
        combos.append((' & '.join(lname[i] for i in c), int(f.sum()), int((f & Y).sum()), int((fc & Y).sum()),
                       [(int((f & s).sum()), int((f & s & Y).sum())) for s in (inA, ~inA)]))
print(f"\nconjunctions tried: {len(combos)}; gaining >= 5 families at >= 70%:")
for name, g, gr, gc, _ in sorted([c for c in combos if c[1] >= 5 and c[2] / c[1] >= 0.7], key=lambda c: (-c[2] / c[1], -c[2])):
    print(f"  {name}: {gr}/{g} relate (a firing item people cite in {gc})")
print('most families people relate gained at >= 50%:')
for name, g, gr, gc, _ in sorted([c for c in combos if c[1] >= 5 and c[2] / c[1] >= 0.5], key=lambda c: (-c[2], -c[2] / c[1]))[:5]:
    print(f"  {name}: {gr}/{g} relate (a firing item people cite in {gc})")

# 3. Split-half check.
print(f"\nsplit halves: A = {sorted(setsA)} ({int(Y[inA].sum())}/{int(inA.sum())} relate), B = the rest ({int(Y[~inA].sum())}/{int((~inA).sum())})")
for tr, te, label in ((0, 1, 'chosen on A, scored on B'), (1, 0, 'chosen on B, scored on A')):
    sel = [c for c in combos if c[4][tr][0] >= 4 and c[4][tr][1] / c[4][tr][0] >= 0.7]
    g = sum(c[4][te][0] for c in sel)
    gr = sum(c[4][te][1] for c in sel)
    print(f"  {label}: {len(sel)} conjunctions at >= 70% (>= 4 families); on the other half {gr}/{g} relate ({gr / max(g, 1):.0%})")

# 4. Removals: a judge-relevant family loses its calls when none of its called items has the feature(s).
rel = [k for k in fam if judged(k) > 0]
print(f"\nremovals (judge-relevant {len(rel)}, people reject {sum(not relates(k) for k in rel)}): keep a call only if a called item has ...")
out = []
for size in (1, 2):
    for c in itertools.combinations([(n, v) for n in names for v in (True, False)], size):
        if len({n for n, _ in c}) < size:
            continue
        g = gr = 0
        for k in rel:
            called = [f for r, f in zip(fam[k], F[k]) if r['judge'] != 'rejected']
            if not any(all(f[n] == v for n, v in c) for f in called):
                g += 1
                gr += not relates(k)
        if g >= 5:
            out.append((gr / g, gr, g, ' & '.join(('' if v else '!') + n for n, v in c)))
for p, gr, g, name in sorted(out, key=lambda x: (-x[0], -x[1]))[:5]:
    print(f"  keep if {name}: removes {g}, people reject {gr} ({p:.0%})")

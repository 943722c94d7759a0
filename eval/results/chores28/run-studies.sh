#!/bin/bash
# usage: run-studies.sh OUTDIR
out=$1; mkdir -p $out
for c in dev heldout audit newcomer newcomer2 newcomer3; do
  s=$(date +%s)
  node bin/swe-future.js study --config eval/$c.json --db $out/$c.db --quiet --jobs 1 --json > $out/$c.json 2> $out/$c.err
  echo "$c rc=$? $(( $(date +%s) - s ))s" >> $out/log
done

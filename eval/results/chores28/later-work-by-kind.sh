#!/bin/bash
# usage: kinds.sh DIR  -> config<TAB>repo<TAB>laterWork<TAB>laterWorkByKind, one line per repository of each study
for c in dev heldout audit newcomer newcomer2 newcomer3; do
  sqlite3 -separator $'\t' $1/$c.db "SELECT DISTINCT '$c', rp.name, json_extract(v.metrics,'\$.laterWork'), json_extract(v.metrics,'\$.laterWorkByKind') FROM study_results r JOIN validations v ON v.id=r.validation_id JOIN forecasts f ON f.id=r.forecast_id JOIN snapshots s ON s.id=f.snapshot_id JOIN repos rp ON rp.id=s.repo_id ORDER BY r.repo_ord"
done

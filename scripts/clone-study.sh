#!/usr/bin/env bash
# Clones every repository of a study config that is not cloned yet, bare and partial
# (blobs over 1 MB left out, full history), where the config's `path` says, from its `github` name.
#
#   bash scripts/clone-study.sh eval/paper-scale.json [--dry-run]
#
# Paths are relative to the config's folder, as `swe-future study` reads them. Nothing is
# cloned twice; a failed clone is reported and skipped (the study fails only that repository).
set -euo pipefail
config="${1:?usage: clone-study.sh CONFIG.json [--dry-run]}"
dry="${2:-}"
dir="$(cd "$(dirname "$config")" && pwd)"
node -e '
  const c = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  for (const r of c.repos) if (r.github && r.path) console.log(`${r.github} ${r.path}`);
' "$config" | while read -r github path; do
  target="$dir/$path"
  if [ -e "$target" ]; then echo "have   $github ($path)"; continue; fi
  if [ "$dry" = "--dry-run" ]; then echo "would  git clone --bare --filter=blob:limit=1m https://github.com/$github.git $target"; continue; fi
  echo "clone  $github -> $path"
  git clone --quiet --bare --filter=blob:limit=1m "https://github.com/$github.git" "$target" || echo "FAILED $github" >&2
done

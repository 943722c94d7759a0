#!/usr/bin/env bash
# Executes every notebook in notebooks/ headless (scripts/execute-notebook.sh: Debian's jupyter-nbconvert on the Deno
# kernel from node_modules, through the kernelspec committed in notebooks/jupyter/), writes the executed copies to an
# output folder, type-checks each notebook exported as a script with `deno check`, and ends with
# "N passed, N failed". A notebook passes when every cell ran without error and its script type-checks.
#
#   npm run notebooks [-- --db FILE] [-- --out DIR]
#
# Without --db it builds the demo study first (swe-future demo --out .cache/demo) and uses its database,
# the notebooks' default. docs/notebooks.md explains the setup.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; }
db=""
out="$root/.cache/notebooks"
while [ $# -gt 0 ]; do
  case "$1" in
    --db) db="${2:?--db needs a file}"; shift 2 ;;
    --out) out="${2:?--out needs a folder}"; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "run-notebooks: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

deno="$root/node_modules/.bin/deno"
if [ ! -x "$deno" ]; then
  echo "run-notebooks: no Deno in node_modules; run npm ci (Deno comes from the npm package deno)." >&2
  exit 2
fi
if ! command -v jupyter-nbconvert >/dev/null 2>&1; then
  echo "run-notebooks: jupyter-nbconvert is missing; apt-get install -y --no-install-recommends jupyter-nbconvert jupyter-client" >&2
  exit 2
fi

mkdir -p "$out"
out="$(cd "$out" && pwd)"
if [ -z "$db" ]; then
  echo "Building the demo study (.cache/demo)..."
  rm -rf "$root/.cache/demo"
  if ! "$root/node_modules/.bin/tsx" src/cli/main.ts demo --out "$root/.cache/demo" --quiet >"$out/demo.log" 2>&1; then
    cat "$out/demo.log" >&2
    echo "0 passed, 1 failed"
    exit 1
  fi
  db="$root/.cache/demo/swe-future.db"
fi
if [ ! -f "$db" ]; then
  echo "run-notebooks: no database at $db" >&2
  exit 2
fi
db="$(cd "$(dirname "$db")" && pwd)/$(basename "$db")"

export SWE_FUTURE_DB="$db"
export SWE_FUTURE_AUDIT_DIR="${SWE_FUTURE_AUDIT_DIR:-$out/audit}"
export PATH="$root/node_modules/.bin:$PATH"
export JUPYTER_PATH="$root/notebooks/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
export DENO_NO_UPDATE_CHECK=1 NO_COLOR=1

# Exported scripts sit beside the notebooks for the check, so their relative imports resolve as in the kernel.
check_prefix="notebooks/.check-$$-"
trap 'rm -f "$root/$check_prefix"*.ts' EXIT

shown() { case "$1" in "$root"/*) echo "${1#"$root"/}" ;; *) echo "$1" ;; esac; }
names=()
executed=()
logs=()
for notebook in notebooks/*.ipynb; do
  name="$(basename "$notebook" .ipynb)"
  log="$out/$name.log"
  names+=("$name")
  logs+=("$log")
  start=$(date +%s%N)
  if "$root/scripts/execute-notebook.sh" "$notebook" "$out" >"$log" 2>&1; then
    executed+=("ok in $(awk -v ns=$(($(date +%s%N) - start)) 'BEGIN { printf "%.1f", ns / 1e9 }') s")
  else
    executed+=(failed)
  fi
  jupyter-nbconvert --to script "$notebook" --output-dir notebooks --output "$(basename "$check_prefix$name")" >>"$log" 2>&1
done

# One `deno check` for all the scripts (they share most of the module graph); each alone only when that fails.
scripts=()
for name in "${names[@]}"; do scripts+=("$(basename "$check_prefix$name").ts"); done
if (cd notebooks && "$deno" check --quiet "${scripts[@]}") >"$out/deno-check.log" 2>&1; then
  all_checked=ok
else
  all_checked=failed
fi

passed=0
failed=0
for i in "${!names[@]}"; do
  name="${names[$i]}"
  log="${logs[$i]}"
  checked=ok
  if [ "$all_checked" = failed ] && ! (cd notebooks && "$deno" check --quiet "${scripts[$i]}") >>"$log" 2>&1; then
    checked=failed
  fi
  if [ "${executed[$i]}" != failed ] && [ "$checked" = ok ]; then
    passed=$((passed + 1))
    echo "ok    $name (executed ${executed[$i]}, deno check ok)"
  else
    failed=$((failed + 1))
    echo "FAIL  $name (execution ${executed[$i]%% in*}, deno check $checked); log: $(shown "$log")"
    grep -v '^\[NbConvertApp\]\|"deno jupyter" is unstable' "$log" | tail -n 25 | sed 's/^/      /'
  fi
done

echo "Executed copies: $(shown "$out")/*.ipynb (study database: $(shown "$db"))."
echo "As HTML: jupyter nbconvert --to html $(shown "$out")/*.ipynb"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/usr/bin/env bash
# Executes one notebook headless on the Deno kernel from node_modules and writes the executed copy:
#
#   scripts/execute-notebook.sh NOTEBOOK OUTDIR [NAME]    (NAME: the copy's name without .ipynb; default the notebook's)
#
# nbconvert with scripts/flushing_execute.py in place of its --execute: a cell ends once the kernel has published
# all its output, not when the kernel first says it is done (docs/notebooks.md, "Writing a notebook").
# Exit status: nbconvert's (non-zero when a cell fails). scripts/run-notebooks.sh runs it for every notebook.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
notebook="${1:?usage: execute-notebook.sh NOTEBOOK OUTDIR [NAME]}"
out="${2:?usage: execute-notebook.sh NOTEBOOK OUTDIR [NAME]}"
name="${3:-$(basename "$notebook" .ipynb)}"
export PATH="$root/node_modules/.bin:$PATH"
export JUPYTER_PATH="$root/notebooks/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
export PYTHONPATH="$root/scripts${PYTHONPATH:+:$PYTHONPATH}"
export DENO_NO_UPDATE_CHECK=1 NO_COLOR=1 PYTHONDONTWRITEBYTECODE=1
exec jupyter-nbconvert --to notebook "$notebook" --output-dir "$out" --output "$name" \
  --NotebookExporter.preprocessors=flushing_execute.FlushingExecutePreprocessor \
  --ExecutePreprocessor.timeout=300

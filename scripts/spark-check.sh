#!/usr/bin/env bash
# make spark-check: runs docs/CI.md's cluster recipes for real, on this machine, and
# checks that they give exactly what one `promo price --lines` process gives.
#
# - The Hadoop Streaming mappers: each `-mapper "..."` command of docs/CI.md, taken from
#   the document itself, runs as a shell filter (as a map task runs it) over a generated
#   batch of orders, in a folder holding `promo` and `promotions.json` (as `-files` ships
#   them). No Hadoop needed.
# - The PySpark recipe: scripts/spark_check.py runs it in Spark's local mode (local[2],
#   several partitions), and docs/CI.md must quote it verbatim (checked first); then the
#   report recipe (one `promo report` per partition, merged on the driver), whose merged
#   report must be, byte for byte, one `promo report` process's over the whole batch.
#
# Needs Java 17 or newer and python3 with venv and pip, reaching PyPI: pyspark is
# installed once into a virtual environment under ${XDG_CACHE_HOME:-~/.cache}/promo
# (PROMO_SPARK_VENV to put it elsewhere), outside the repository, and reused.
# PROMO_BINARY runs another promo binary; by default the release build, brought up to date.
# PROMO_SPARK_ORDERS sets the batch size (default 3000); PROMO_SPARK_WORK keeps the files.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
at=2026-11-22T12:00:00+08:00
count="${PROMO_SPARK_ORDERS:-3000}"
venv="${PROMO_SPARK_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/promo/spark-venv}"
started=$SECONDS

fail() {
  echo "spark-check: $*" >&2
  exit 1
}
step() { echo "== [$((SECONDS - started))s] $*"; }

# What the check needs, said plainly before anything runs.
command -v python3 >/dev/null || fail "python3 not found: it is needed to run pyspark"
python3 -c 'import venv, ensurepip' 2>/dev/null ||
  fail "python3 has no venv or pip (ensurepip): install them (Debian: apt-get install python3-venv python3-pip)"
command -v java >/dev/null ||
  fail "java not found: Spark 4 needs Java 17 or newer on PATH (Debian: apt-get install openjdk-17-jre-headless)"
java_version="$(java -version 2>&1 | sed -n 's/.*version "\([^"]*\)".*/\1/p' | head -1)"
java_major="${java_version%%.*}"
[ "$java_major" = 1 ] && java_major="$(echo "$java_version" | cut -d. -f2)"
[ -n "$java_major" ] && [ "$java_major" -ge 17 ] 2>/dev/null ||
  fail "Java ${java_version:-of unknown version} found ($(command -v java)), but Spark 4 needs Java 17 or newer"

step "docs/CI.md quotes the PySpark recipe that scripts/spark_check.py runs"
documented="$(awk '/<!-- spark-recipe -->/{found=1; next} found && /^```python/{inside=1; next} inside && /^```/{exit} inside{print}' docs/CI.md)"
[ -n "$documented" ] || fail "no Python block after <!-- spark-recipe --> in docs/CI.md"
if [ "$documented" != "$(python3 scripts/spark_check.py recipe)" ]; then
  diff <(echo "$documented") <(python3 scripts/spark_check.py recipe) | sed 's/^/  /' >&2 || true
  fail "docs/CI.md's PySpark recipe (<) is not the one scripts/spark_check.py runs (>)"
fi
echo "the same"
documented="$(awk '/<!-- spark-report-recipe -->/{found=1; next} found && /^```python/{inside=1; next} inside && /^```/{exit} inside{print}' docs/CI.md)"
[ -n "$documented" ] || fail "no Python block after <!-- spark-report-recipe --> in docs/CI.md"
if [ "$documented" != "$(python3 scripts/spark_check.py report-recipe)" ]; then
  diff <(echo "$documented") <(python3 scripts/spark_check.py report-recipe) | sed 's/^/  /' >&2 || true
  fail "docs/CI.md's PySpark report recipe (<) is not the one scripts/spark_check.py runs (>)"
fi
echo "the report recipe too"

if [ -n "${PROMO_BINARY:-}" ]; then
  promo="$PROMO_BINARY"
else
  step "the release binary (make release)"
  make --no-print-directory release >/dev/null
  promo="$repo/.build/release/promo"
fi
[ -x "$promo" ] || fail "no promo binary at $promo"

if [ -n "${PROMO_SPARK_WORK:-}" ]; then
  work="$PROMO_SPARK_WORK"
  rm -rf "$work"
  mkdir -p "$work"
else
  work="$(mktemp -d "${TMPDIR:-/tmp}/promo-spark-check.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
fi

step "a batch of orders, priced by one process"
python3 scripts/spark_check.py generate "$work" "$count"
# The task's working directory, as Hadoop's -files and Spark's addFile lay it out.
mkdir "$work/task"
cp "$promo" "$work/task/promo"
cp fixtures/stores/tea-shop.json "$work/task/promotions.json"
(cd "$work/task" && ./promo price --lines ../orders.jsonl --store promotions.json --at "$at" --format json) \
  >"$work/reference.jsonl"
echo "$(wc -l <"$work/reference.jsonl") results"
for form in json html; do
  (cd "$work/task" && ./promo report --lines ../orders.jsonl --store promotions.json --at "$at" --format "$form") \
    >"$work/reference-report.$form"
done
echo "and one report of them all: $(cut -c1-100 "$work/reference-report.json")..."

step "docs/CI.md's Hadoop Streaming mappers, as shell filters"
# Each `-mapper "..."` word as the shell that starts `hadoop jar` passes it on: the
# double quotes removed, and \$ \" \\ unescaped.
mappers=()
while IFS= read -r mapper; do
  mappers+=("$mapper")
done < <(sed -n 's/^ *-mapper "\(.*\)" *\\\{0,1\}$/\1/p' docs/CI.md | sed 's/\\\([$"\\`]\)/\1/g')
[ "${#mappers[@]}" -gt 0 ] || fail "no -mapper \"...\" line found in docs/CI.md"
for mapper in "${mappers[@]}"; do
  echo "mapper: $mapper"
  status=0
  (cd "$work/task" && sh -c "$mapper") <"$work/orders.jsonl" >"$work/mapped.jsonl" || status=$?
  [ "$status" = 0 ] || fail "the mapper exited with status $status"
  if ! cmp -s "$work/mapped.jsonl" "$work/reference.jsonl"; then
    diff "$work/reference.jsonl" "$work/mapped.jsonl" | head -6 | cut -c1-160 | sed "s/^/  /" >&2 || true
    fail "the mapper's output (>) is not one process's (<): $(wc -l <"$work/mapped.jsonl") lines against $(wc -l <"$work/reference.jsonl")"
  fi
  echo "Hadoop Streaming mapper: $(wc -l <"$work/mapped.jsonl") results, line for line: identical"
done

step "pyspark in $venv"
if ! "$venv/bin/python" -c 'import pyspark' 2>/dev/null; then
  echo "installing pyspark (once; later runs reuse it)"
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  python3 -m venv "$venv" || fail "could not create a virtual environment at $venv"
  "$venv/bin/python" -m pip install --quiet 'pyspark>=4,<5' ||
    fail "could not install pyspark from PyPI into $venv (is PyPI reachable?)"
fi
echo "pyspark $("$venv/bin/python" -c 'import pyspark; print(pyspark.__version__)')"

step "docs/CI.md's PySpark recipes (pricing, then the report) in local[2]"
# The driver and its workers use the environment's Python, which has pyspark; Spark
# listens on the loopback address only.
SPARK_LOCAL_IP=127.0.0.1 PYSPARK_PYTHON="$venv/bin/python" PYSPARK_DRIVER_PYTHON="$venv/bin/python" \
  "$venv/bin/python" scripts/spark_check.py spark "$work" ||
  fail "the PySpark recipe did not give what one process gives"

step "spark-check passed: identical"

#!/usr/bin/env bash
# Builds the libFuzzer harness and runs one of its targets for a bounded time (or a bounded
# number of executions) over a seed corpus. Findings land in fuzz-findings/.
#
# Usage: fuzz/run.sh [SECONDS] [TARGET]      (default 60 seconds, target parser;
#                                            target build: build only)
#   parser   stores, order files and streams as raw bytes; seeds made from fixtures/
#   pricing  generated stores and orders priced by PromoKit and by the brute-force
#            reference (Sources/PromoTestSupport); the input bytes are the generator's choices
# FUZZ_RUNS=N stops after N executions instead (e.g. FUZZ_RUNS=1000000 fuzz/run.sh 0 pricing),
# or after SECONDS when that comes first and is above 0.
# FUZZ_CONFIGURATION=release builds the harness optimised (still with libFuzzer and
# AddressSanitizer): about 5 times the executions a second of the debug build, for long runs.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
target="${2:-parser}"
configuration="${FUZZ_CONFIGURATION:-debug}"
# AddressSanitizer too, so that a memory error is a finding even where no check fails.
# swiftc keeps only the last -sanitize= option it is given, and SwiftPM passes one per
# --sanitize: alone, `--sanitize=fuzzer --sanitize=address` would compile the Swift code
# with only one of the two (no coverage for libFuzzer, or no AddressSanitizer checks). The
# combined option after them compiles with both; the two --sanitize still pick the runtimes.
PROMO_FUZZ=1 swift build -c "$configuration" --sanitize=fuzzer --sanitize=address \
  -Xswiftc -sanitize=fuzzer,address --product promo-fuzz --scratch-path .build-fuzz
[ "$target" = build ] && exit 0
corpus="fuzz-corpus/$target"
mkdir -p "$corpus" fuzz-findings
limit=(-max_total_time="$seconds")
# FUZZ_RUNS bounds the executions instead; with SECONDS above 0 as well, whichever comes
# first ends the run.
if [ -n "${FUZZ_RUNS:-}" ]; then
  limit=(-runs="$FUZZ_RUNS")
  if [ "$seconds" -gt 0 ]; then limit+=(-max_total_time="$seconds"); fi
fi
case "$target" in
parser)
  # Seeds: each fixture as a store (prefix byte 0), an order file (1) and a stream (2).
  for file in fixtures/*.json fixtures/stores/*.json fixtures/bad/*.json; do
    [ -f "$file" ] || continue
    name=$(echo "$file" | tr '/' '_')
    printf '\000' | cat - "$file" > "$corpus/store-$name"
  done
  for file in fixtures/orders/*.json fixtures/bad/*.json; do
    [ -f "$file" ] || continue
    name=$(echo "$file" | tr '/' '_')
    printf '\001' | cat - "$file" > "$corpus/order-$name"
  done
  for file in fixtures/orders/*.jsonl fixtures/bad/*.jsonl; do
    name=$(echo "$file" | tr '/' '_')
    printf '\002' | cat - "$file" > "$corpus/lines-$name"
  done
  # And each report as --merge reads it (3).
  for file in fixtures/reports/*.json fixtures/bad/report-*.json; do
    [ -f "$file" ] || continue
    name=$(echo "$file" | tr '/' '_')
    printf '\003' | cat - "$file" > "$corpus/report-$name"
  done
  options=(-dict=fuzz/json.dict -max_len=4096)
  ;;
pricing)
  # Seeds: a few short inputs; each makes a whole case (the generator goes on from a hash
  # of the bytes once they run out), and longer inputs decide more of its choices.
  for i in $(seq 0 31); do
    printf "\\$(printf %03o $((i * 8)))\\$(printf %03o $((255 - i * 7)))" > "$corpus/seed-$i"
  done
  options=(-max_len=1024)
  ;;
*)
  echo "fuzz/run.sh: unknown target $target (parser or pricing)" >&2
  exit 64
  ;;
esac
# The Swift runtime's backtracer is left off: a failed check prints the case and traps, and
# the backtracer, reading the stack under AddressSanitizer, would add a misleading report.
SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}" PROMO_FUZZ_TARGET="$target" ".build-fuzz/$configuration/promo-fuzz" "$corpus" "${options[@]}" "${limit[@]}" \
  -timeout=10 -rss_limit_mb=2048 -artifact_prefix=fuzz-findings/ -print_final_stats=1

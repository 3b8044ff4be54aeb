#!/usr/bin/env bash
# Runs the tests under a sanitizer, with the instrumented `promo` as the binary the CLI
# tests start, and fails on any report, from the test process or any `promo` it starts.
#
# Usage: scripts/sanitize.sh address    the whole suite under AddressSanitizer (and its
#                                       leak check), in .build-asan
#        scripts/sanitize.sh thread     the tests that run threads (--jobs, the parallel
#                                       reader, streams) under ThreadSanitizer, in .build-tsan
#
# Each process writes its reports to a file of its own under <scratch>/reports (the tests
# pass the sanitizers' options on to the processes they start, PromoBinary.childEnvironment),
# so a report is caught even where a test does not look at standard error.
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:?usage: scripts/sanitize.sh address|thread}"
# The tests that start threads: price and diff --lines with and without --jobs (both use
# the parallel reader), the stream, golden and schema tests (which stream too), and those
# that stop a stream halfway.
thread_tests='ParallelLinesTests|DiffJobsTests|LinesStreamingTests|ClosedPipeTests|StreamTerminationTests|StreamingRecipeTests|GoldenTests|SchemaTests'
case "$kind" in
address) scratch=.build-asan filter=() ;;
thread) scratch=.build-tsan filter=(--filter "$thread_tests") ;;
*)
  echo "scripts/sanitize.sh: unknown sanitizer $kind (address or thread)" >&2
  exit 64
  ;;
esac
reports="$PWD/$scratch/reports"
rm -rf "$reports"
mkdir -p "$reports"
# The tests run promo as another user too (ReadOnlyStoreOtherUserTests): it must be able
# to write its report here.
chmod 1777 "$reports"

swift build --build-tests --sanitize="$kind" --scratch-path "$scratch"
binary="$PWD/$scratch/debug/promo"
if ! grep -q "__${kind:0:1}san_init" "$binary"; then
  echo "scripts/sanitize.sh: $binary is not built with the $kind sanitizer" >&2
  exit 1
fi
export PROMO_BINARY="$binary"
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:log_path=$reports/asan"
export LSAN_OPTIONS="suppressions=$PWD/sanitizers/lsan.supp:print_suppressions=0"
export TSAN_OPTIONS="halt_on_error=1:log_path=$reports/tsan:suppressions=$PWD/sanitizers/tsan.supp"
# The heaviest pricing checks run fewer orders, or none, under AddressSanitizer (every store and seed
# still; the plain `swift test` runs them all): Sources/PromoTestSupport/TestScale.swift.
if [ "$kind" = address ]; then export PROMO_TEST_SCALE=reduced; fi

status=0
swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" "${filter[@]}" || status=$?
if compgen -G "$reports/*" >/dev/null; then
  echo "== $kind sanitizer reports:" >&2
  for report in "$reports"/*; do
    echo "-- $report" >&2
    cat "$report" >&2
  done
  exit 1
fi
if [ "$status" != 0 ]; then
  echo "scripts/sanitize.sh: the tests failed under the $kind sanitizer (status $status)" >&2
fi
exit "$status"

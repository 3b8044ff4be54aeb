#!/usr/bin/env bash
# Builds the libFuzzer harness and runs it for a bounded time over a seed corpus made from
# fixtures/. Usage: fuzz/run.sh [SECONDS] (default 60). Findings land in fuzz-findings/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
PROMO_FUZZ=1 swift build --sanitize=fuzzer --product promo-fuzz --scratch-path .build-fuzz
corpus=fuzz-corpus
mkdir -p "$corpus" fuzz-findings
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
.build-fuzz/debug/promo-fuzz "$corpus" -dict=fuzz/json.dict -max_total_time="$seconds" \
  -max_len=4096 -timeout=10 -rss_limit_mb=2048 -artifact_prefix=fuzz-findings/ -print_final_stats=1

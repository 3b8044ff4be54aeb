# promo: common tasks. Every target works with only the Swift toolchain installed.
SWIFT ?= swift
PREFIX ?= /usr/local

.PHONY: all build release test lint format example golden fuzz bench clean

all: build

build:
	$(SWIFT) build

# An optimised, fully static binary (no dynamic linking at start-up): the fastest to start.
release:
	$(SWIFT) build -c release --static-swift-stdlib -Xswiftc -static-executable

test:
	$(SWIFT) test

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

# Prices the shipped sample order (README's Quick start).
example:
	$(SWIFT) run promo price fixtures/orders/stack-wins.json --store fixtures/promotions.json --at 2026-11-22T12:00:00+08:00

# Re-records the golden outputs in fixtures/golden from the current binary; review the diff.
golden:
	RECORD_SNAPSHOTS=1 $(SWIFT) test --filter GoldenTests

# Runs the libFuzzer harness (Sources/PromoFuzz) for FUZZ_SECONDS over a seed corpus
# made from fixtures/; crashes land in fuzz-findings/.
FUZZ_SECONDS ?= 300
fuzz:
	fuzz/run.sh $(FUZZ_SECONDS)

# Measures the release binary against baselines side by side (docs/BENCHMARKS.md).
BENCH_DIR ?= /tmp/promo-bench
bench: release
	PROMO_BENCH=1 $(SWIFT) build -c release --product promo-bench --scratch-path .build-bench
	.build-bench/release/promo-bench .build/release/promo $(BENCH_DIR)

clean:
	rm -rf .build .build-fuzz .build-bench fuzz-corpus

# promo: common tasks. Every target works with only the Swift toolchain installed.
SWIFT ?= swift
PREFIX ?= /usr/local

.PHONY: all build release test lint format example golden fuzz clean

all: build

build:
	$(SWIFT) build

# A statically linked, optimised binary: the fastest to start.
release:
	$(SWIFT) build -c release --static-swift-stdlib

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

clean:
	rm -rf .build .build-fuzz fuzz-corpus

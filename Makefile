# promo: common tasks. Every target but spark-check (Java and Python too) works with only the
# Swift toolchain installed.
SWIFT ?= swift
PREFIX ?= /usr/local
# Debug symbols are not installed: `make install STRIP=true` keeps them.
STRIP ?= strip
# The binary `install-files` installs; `install` builds it first.
PROMO ?= .build/release/promo
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all build release test lint format example readme-example spark-check report-check report-screenshot pre-commit-check golden fuzz fuzz-pricing fuzz-build fuzz-ci bench bench-build sanitize sanitize-address sanitize-thread ci install install-files uninstall clean

all: build

build:
	$(SWIFT) build

# An optimised, fully static binary (no dynamic linking at start-up): the fastest to start.
# Package.swift links release builds statically on Linux, so this is plain
# `swift build -c release`. The linker warns that libswiftCore calls dlopen: the Swift
# runtime looks for an optional library of prespecialized generics that way; in a static
# binary the lookup finds nothing and the runtime goes on without it. promo itself loads
# nothing at run time.
release:
	$(SWIFT) build -c release

test:
	$(SWIFT) test

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

# Prices the shipped sample order (README's Quick start).
example:
	$(SWIFT) run promo price fixtures/orders/stack-wins.json --store fixtures/promotions.json --at 2026-11-22T12:00:00+08:00

# Builds and runs the README's PromoKit example as a package of its own.
readme-example:
	scripts/readme-example.sh

# Runs docs/CI.md's Hadoop Streaming mappers and PySpark recipe for real (Spark in local
# mode) and compares them with one `promo price --lines` process. Opt-in, not CI: needs
# Java 17+ and PyPI (pyspark goes into a venv under ~/.cache/promo, reused).
spark-check:
	scripts/spark-check.sh

# Opens the HTML report of the fixture batch in headless Chromium (Debian's package) and
# checks it: a 1280x800 screenshot that is not blank, every promotion id and sum of the
# JSON report in the page's text, a name with HTML in it shown as text. CI runs it.
report-check:
	scripts/report-check.sh

# The same check, keeping its screenshot as docs/report.png (the README shows it).
report-screenshot:
	REPORT_SCREENSHOT=docs/report.png scripts/report-check.sh

# Runs the promo-validate hook of .pre-commit-hooks.yaml through the pre-commit framework
# itself (`pre-commit try-repo` of this repository, in a throwaway git repository): a good
# store passes, a bad one fails naming its problem. Needs git and PyPI (pre-commit goes into
# a venv under ~/.cache/promo, reused). CI runs it.
pre-commit-check:
	scripts/pre-commit-check.sh

# Re-records the golden outputs in fixtures/golden from the current binary; review the diff.
# A recording run always fails (so it never passes for a test run); run `make test` after it.
golden:
	-RECORD_SNAPSHOTS=1 $(SWIFT) test --filter GoldenTests

# Runs the libFuzzer harness (Sources/PromoFuzz) for FUZZ_SECONDS; crashes land in
# fuzz-findings/. `fuzz` runs the parser target over a seed corpus made from fixtures/
# (FUZZ_TARGET=pricing runs the other); `fuzz-pricing` holds PromoKit's pricing against the
# brute-force reference on generated stores and orders. FUZZ_RUNS=N bounds the executions
# instead of the time.
FUZZ_SECONDS ?= 300
FUZZ_TARGET ?= parser
fuzz:
	fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGET)

fuzz-pricing:
	fuzz/run.sh $(FUZZ_SECONDS) pricing

# Builds the harness (libFuzzer and AddressSanitizer) without running it.
fuzz-build:
	fuzz/run.sh 0 build

# CI's fuzz run: the pricing target for FUZZ_CI_RUNS executions, or FUZZ_CI_SECONDS when
# that comes first (a format-4 case, explained, costs more than the earlier formats').
FUZZ_CI_RUNS ?= 20000
FUZZ_CI_SECONDS ?= 300
fuzz-ci:
	FUZZ_RUNS=$(FUZZ_CI_RUNS) fuzz/run.sh $(FUZZ_CI_SECONDS) pricing

# Memory and thread safety (docs/RELIABILITY.md): the whole suite under AddressSanitizer
# (leak check included, sanitizers/lsan.supp), and the tests that run threads under
# ThreadSanitizer; any report fails. Each in a build folder of its own (.build-asan,
# .build-tsan), so the everyday build is left alone.
sanitize: sanitize-address sanitize-thread

sanitize-address:
	scripts/sanitize.sh address

sanitize-thread:
	scripts/sanitize.sh thread

# CI: everything .ci/run lists (the one list of CI's steps), timed.
ci:
	.ci/run

# Measures the release binary against baselines side by side (docs/BENCHMARKS.md).
BENCH_DIR ?= /tmp/promo-bench
# The binary is measured as installed (copied with install(1)), not where the linker left
# it: the pages of a file just written by the linker are cached in small pieces, which
# slows every exec of it until they leave the cache (docs/BENCHMARKS.md, "Reproducing").
bench: release bench-build
	mkdir -p $(BENCH_DIR)
	install -m 755 $(PROMO) $(BENCH_DIR)/promo
	.build-bench/release/promo-bench $(BENCH_DIR)/promo $(BENCH_DIR)

bench-build:
	PROMO_BENCH=1 $(SWIFT) build -c release --product promo-bench --scratch-path .build-bench

# Installs the release binary, the man page and the completion scripts, each generated
# from the binary's own command table: `make install PREFIX=$HOME/.local`.
install: release install-files

install-files:
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(PROMO) $(BINDIR)/promo
	$(STRIP) $(BINDIR)/promo
	$(PROMO) help --man > $(MANDIR)/promo.1
	$(PROMO) completions bash > $(BASHDIR)/promo
	$(PROMO) completions zsh > $(ZSHDIR)/_promo
	$(PROMO) completions fish > $(FISHDIR)/promo.fish

uninstall:
	rm -f $(BINDIR)/promo $(MANDIR)/promo.1 $(BASHDIR)/promo $(ZSHDIR)/_promo $(FISHDIR)/promo.fish

clean:
	rm -rf .build .build-fuzz .build-bench .build-asan .build-tsan fuzz-corpus

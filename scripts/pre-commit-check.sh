#!/usr/bin/env bash
# make pre-commit-check: the `promo-validate` hook of .pre-commit-hooks.yaml, run by the
# pre-commit framework itself (`pre-commit try-repo` of this repository, with its
# uncommitted changes) in a throwaway git repository: a good store must pass, and a bad one
# must fail, naming its problem.
#
# Needs git and python3 with venv and pip, reaching PyPI: pre-commit is installed once into
# a virtual environment under ${XDG_CACHE_HOME:-~/.cache}/promo (PROMO_PRE_COMMIT_VENV to
# put it elsewhere) and reused. PROMO_BINARY names the promo to put on PATH (default: the
# debug build, brought up to date).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
venv="${PROMO_PRE_COMMIT_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/promo/pre-commit-venv}"

fail() {
  echo "pre-commit-check: $*" >&2
  exit 1
}

command -v git >/dev/null || fail "git not found: pre-commit and the throwaway repository need it"
command -v python3 >/dev/null || fail "python3 not found: pre-commit is a Python program"
python3 -c 'import venv, ensurepip' 2>/dev/null ||
  fail "python3 has no venv or pip (ensurepip): install them (Debian: apt-get install python3-venv python3-pip)"

if [ ! -x "$venv/bin/pre-commit" ]; then
  echo "installing pre-commit from PyPI into $venv"
  mkdir -p "$(dirname "$venv")"
  python3 -m venv "$venv" || fail "cannot create a virtual environment in $venv"
  "$venv/bin/pip" install --quiet pre-commit ||
    fail "pip could not install pre-commit from PyPI into $venv (is PyPI reachable?)"
fi
echo "pre-commit $("$venv/bin/pre-commit" --version | awk '{print $2}')"

if [ -n "${PROMO_BINARY:-}" ]; then
  promo="$PROMO_BINARY"
else
  swift build --product promo >/dev/null
  promo="$repo/.build/debug/promo"
fi
[ -x "$promo" ] || fail "no promo binary at $promo"
bin="$(mktemp -d "${TMPDIR:-/tmp}/promo-pre-commit-bin.XXXXXX")"
work="$(mktemp -d "${TMPDIR:-/tmp}/promo-pre-commit.XXXXXX")"
trap 'rm -rf "$bin" "$work"' EXIT
ln -s "$(cd "$(dirname "$promo")" && pwd)/$(basename "$promo")" "$bin/promo"

# The throwaway repository, with a store in a folder (the hook matches it anywhere).
cd "$work"
git init --quiet .
git config user.email check@example.com
git config user.name "pre-commit check"
mkdir shop
cp "$repo/fixtures/promotions.json" shop/promotions.json
git add shop/promotions.json
export PRE_COMMIT_HOME="$work/.cache"
run_hook() {
  PATH="$bin:$PATH" "$venv/bin/pre-commit" try-repo "$repo" promo-validate --all-files 2>&1
}

echo "== a good store: the hook passes"
if ! output="$(run_hook)"; then
  echo "$output" | sed 's/^/  /' >&2
  fail "the hook failed on fixtures/promotions.json, a good store"
fi
echo "$output" | grep -q 'promo validate.*Passed' || { echo "$output" >&2; fail "the hook did not report Passed"; }
echo "passed"

echo "== a bad store: the hook fails, naming the problem"
cp "$repo/fixtures/bad/unknown-key-store.json" shop/promotions.json
git add shop/promotions.json
if output="$(run_hook)"; then
  echo "$output" | sed 's/^/  /' >&2
  fail "the hook passed on a store with an unknown key"
fi
problem='promo: shop/promotions.json: promotions[2].startAt: unknown key "startAt" in promotions[2]; did you mean "startsAt"?'
if ! echo "$output" | grep -qF "$problem"; then
  echo "$output" | sed 's/^/  /' >&2
  fail "the hook failed without naming the problem: $problem"
fi
echo "$output" | grep -q 'promo validate.*Failed' || { echo "$output" >&2; fail "the hook did not report Failed"; }
echo "failed, naming it: $problem"
echo "== pre-commit-check passed"

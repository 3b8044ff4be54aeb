#!/usr/bin/env bash
# make report-check: opens the HTML report of the fixture batch in a real browser (Debian's
# headless Chromium) and checks what it shows: a 1280x800 screenshot that is not blank,
# and a page whose text holds every promotion id and the sums of the JSON report, with a
# promotion named with HTML in it shown as text. Standard library Python does the checks
# (scripts/report_check.py).
#
# Needs `chromium` on PATH (Debian: apt-get install chromium); as root with apt-get, the
# script installs it when it is missing. PROMO_BINARY runs another promo binary (default:
# the debug build, brought up to date). REPORT_SCREENSHOT=FILE keeps the screenshot
# (`make report-screenshot` writes docs/report.png, which the README shows).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"

fail() {
  echo "report-check: $*" >&2
  exit 1
}

if ! command -v chromium >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing chromium"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null 2>&1 ||
      fail "could not install chromium with apt-get"
  else
    fail "chromium not found: install Debian's chromium package (apt-get install chromium)"
  fi
fi
command -v python3 >/dev/null || fail "python3 not found"

if [ -n "${PROMO_BINARY:-}" ]; then
  promo="$PROMO_BINARY"
else
  swift build --product promo >/dev/null
  promo="$repo/.build/debug/promo"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/promo-report-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
report=(report --lines orders/report-batch.jsonl --store stores/report-shop.json --at 2026-11-22T12:00:00+08:00)
(cd fixtures && "$promo" "${report[@]}" --format html) >"$work/report.html"
(cd fixtures && "$promo" "${report[@]}" --format json) >"$work/report.json"
echo "== $(wc -c <"$work/report.html") bytes of HTML for $(python3 -c 'import json,sys; print(json.load(sys.stdin)["orders"])' <"$work/report.json") orders"

# A fresh profile, no network needed; the page is read from a file.
browser=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run
  --user-data-dir="$work/profile" --window-size=1280,800)
echo "== $(chromium --version 2>/dev/null | head -1): screenshot at 1280x800"
"${browser[@]}" --screenshot="$work/report.png" "file://$work/report.html" >/dev/null 2>&1 ||
  fail "chromium could not take the screenshot"
[ -s "$work/report.png" ] || fail "chromium wrote no screenshot"
python3 scripts/report_check.py png "$work/report.png"

echo "== the page's text, as the browser built it (--dump-dom)"
"${browser[@]}" --dump-dom "file://$work/report.html" >"$work/dom.html" 2>/dev/null ||
  fail "chromium could not load the page"
python3 scripts/report_check.py dom "$work/dom.html" "$work/report.json"

if [ -n "${REPORT_SCREENSHOT:-}" ]; then
  cp "$work/report.png" "$REPORT_SCREENSHOT"
  echo "screenshot kept as $REPORT_SCREENSHOT"
fi
echo "== report-check passed"

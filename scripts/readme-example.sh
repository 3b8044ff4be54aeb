#!/usr/bin/env bash
# Builds and runs the README's "Using PromoKit from Swift" example as a package of its own
# that depends on this one, and checks that it prints what the README says it prints.
# The example is taken from the README itself (the Swift block after the marker
# `<!-- readme-example -->`), so the README cannot drift from the library.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="${PROMO_EXAMPLE_DIR:-$(mktemp -d)}"
mkdir -p "$work/Sources/Example"
awk '/<!-- readme-example -->/{found=1; next} found && /^```swift/{inside=1; next} inside && /^```/{exit} inside{print}' \
  "$repo/README.md" >"$work/Sources/Example/main.swift"
test -s "$work/Sources/Example/main.swift" || { echo "no example found in README.md" >&2; exit 1; }
expected="$(sed -n 's|.*// prints: ||p' "$work/Sources/Example/main.swift")"
# A path dependency is known by its folder's name, lower-cased.
identity="$(basename "$repo" | tr '[:upper:]' '[:lower:]')"
cat >"$work/Package.swift" <<PACKAGE
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Example",
  dependencies: [.package(path: "$repo")],
  targets: [.executableTarget(name: "Example", dependencies: [.product(name: "PromoKit", package: "$identity")])]
)
PACKAGE
output="$(cd "$work" && swift run -q Example)"
echo "$output"
if [ "$output" != "$expected" ]; then
  echo "the README example printed \"$output\", but the README says \"$expected\"" >&2
  exit 1
fi
echo "README example: ok"

// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
  name: "promo",
  products: [
    .executable(name: "promo", targets: ["promo"]),
    .library(name: "PromoKit", targets: ["PromoKit"]),
  ],
  targets: [
    // The platform's C library (Glibc, Musl or Darwin), imported in one place.
    .target(name: "PromoLibc"),
    .target(name: "PromoKit", dependencies: ["PromoLibc"]),
    .target(name: "PromoCLI", dependencies: ["PromoKit", "PromoLibc"]),
    // A release build links everything statically on Linux (`-static-executable`): no
    // dynamic loader, libstdc++ or libm to resolve at start-up, which is most of what a
    // short run costs (docs/BENCHMARKS.md). `swift build -c release` alone gives the fast
    // binary; `make release` does the same.
    .executableTarget(
      name: "promo", dependencies: ["PromoCLI", "PromoLibc"],
      linkerSettings: [
        .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))
      ]),
    // What the tests and the fuzz harness share: the seeded generator, the brute-force
    // reference pricer and its case generator. It uses none of PromoKit (the reference must
    // stay independent of what it checks) and is no product.
    .target(name: "PromoTestSupport"),
    // PromoKit's quotes in the reference's plain terms, for the tests and the fuzz harness.
    .target(name: "PromoObservation", dependencies: ["PromoKit", "PromoTestSupport"]),
    .testTarget(
      name: "PromoKitTests", dependencies: ["PromoKit", "PromoTestSupport", "PromoObservation"]),
    .testTarget(
      name: "PromoCLITests", dependencies: ["PromoCLI", "PromoKit", "PromoLibc", "PromoTestSupport"]),
  ]
)

// The libFuzzer harness has no `main` of its own (libFuzzer provides it), so it only
// links with `--sanitize=fuzzer`; it is part of the package only when asked for:
// `PROMO_FUZZ=1 swift build --sanitize=fuzzer --product promo-fuzz` (see `make fuzz`).
// The benchmark harness (see `make bench`) is likewise built only when asked for, so that
// everyday builds and CI stay lean: `PROMO_BENCH=1 swift build -c release --product promo-bench`.
if ProcessInfo.processInfo.environment["PROMO_BENCH"] != nil {
  package.targets.append(.executableTarget(name: "PromoBench", dependencies: ["PromoLibc"]))
  package.products.append(.executable(name: "promo-bench", targets: ["PromoBench"]))
}
if ProcessInfo.processInfo.environment["PROMO_FUZZ"] != nil {
  package.targets.append(
    .executableTarget(
      name: "PromoFuzz", dependencies: ["PromoKit", "PromoTestSupport", "PromoObservation"]))
  package.products.append(.executable(name: "promo-fuzz", targets: ["PromoFuzz"]))
}

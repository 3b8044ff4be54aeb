// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "promo",
  products: [
    .executable(name: "promo", targets: ["promo"]),
    .library(name: "PromoKit", targets: ["PromoKit"]),
  ],
  targets: [
    .target(name: "PromoKit"),
    .target(name: "PromoCLI", dependencies: ["PromoKit"]),
    .executableTarget(name: "promo", dependencies: ["PromoCLI"]),
    .testTarget(name: "PromoKitTests", dependencies: ["PromoKit"]),
    .testTarget(name: "PromoCLITests", dependencies: ["PromoCLI", "PromoKit"]),
  ]
)

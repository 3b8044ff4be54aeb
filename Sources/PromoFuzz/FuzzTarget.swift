import Foundation

/// The fuzz target chosen by `PROMO_FUZZ_TARGET`: `parser` (the default) or `pricing`.
enum FuzzTarget: String {
  /// Stores, order files and streams as raw bytes (``checkParsers(_:)``).
  case parser
  /// Generated stores and orders priced by PromoKit and by the reference (``checkPricing(_:)``).
  case pricing

  /// The target this run fuzzes; an unknown name stops the run before the first input.
  static let selected: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["PROMO_FUZZ_TARGET"] ?? "parser"
    guard let target = FuzzTarget(rawValue: name) else {
      fatalError("PROMO_FUZZ_TARGET must be parser or pricing, not \(name)")
    }
    return target
  }()
}

/// The libFuzzer entry point: hands every input to the selected target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  switch FuzzTarget.selected {
  case .parser: checkParsers(bytes)
  case .pricing: checkPricing(bytes)
  }
  return 0
}

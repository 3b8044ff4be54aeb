import PromoLibc

/// The environment variables of this process, read without Foundation.
public enum ProcessEnvironment {
  /// Every `NAME=value` pair of the process's environment, split at the first `=`.
  ///
  /// Read as bytes (every `promo` run starts here, so it is kept cheap): invalid UTF-8 is
  /// repaired as `String(cString:)` would.
  ///
  /// - Complexity: O(*n*) in the size of the environment.
  public static func current() -> [String: String] {
    var count = 0
    var pointer = environ
    while pointer.pointee != nil {
      count += 1
      pointer += 1
    }
    var result: [String: String] = [:]
    result.reserveCapacity(count)
    pointer = environ
    while let entry = pointer.pointee {
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self), count: strlen(entry))
      if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
        result[String(decoding: bytes[..<equals], as: UTF8.self)] = String(
          decoding: bytes[(equals + 1)...], as: UTF8.self)
      }
      pointer += 1
    }
    return result
  }
}

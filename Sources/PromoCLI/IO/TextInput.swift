import PromoKit

/// Where a command reads standard input from.
public protocol TextInput: AnyObject {
  /// Everything until end of input; the name is used in messages.
  func readAll() throws(PromoError) -> [UInt8]
}

/// Standard input of the process (file descriptor 0).
public final class StandardInput: TextInput {
  /// Standard input.
  public init() {}

  /// Reads file descriptor 0 to its end.
  public func readAll() throws(PromoError) -> [UInt8] {
    try FileIO.readAll(descriptor: 0, name: "stdin")
  }
}

/// Input given as bytes, for running commands inside tests.
public final class GivenInput: TextInput {
  private let bytes: [UInt8]

  /// Input that yields `text`.
  public init(_ text: String = "") {
    bytes = Array(text.utf8)
  }

  /// The given bytes.
  public func readAll() throws(PromoError) -> [UInt8] { bytes }
}

import Foundation

/// A JSON value made by the generator, written out by hand so that a decimal can be a JSON
/// number for the command and a string for the reference.
package indirect enum GenJSON {
  /// A string.
  case string(String)
  /// A whole number.
  case integer(Int)
  /// A decimal's text, written as a JSON number when `asNumber` (and quoting is not forced).
  case decimal(String, asNumber: Bool)
  /// A boolean.
  case bool(Bool)
  /// An array.
  case array([GenJSON])
  /// An object, its members in order.
  case object([(String, GenJSON)])

  /// The JSON text; with `quotingDecimals`, every decimal is a string.
  package func text(quotingDecimals: Bool) -> String {
    switch self {
    case .string(let value): return Self.quote(value)
    case .integer(let value): return String(value)
    case .decimal(let value, let asNumber): return asNumber && !quotingDecimals ? value : Self.quote(value)
    case .bool(let value): return value ? "true" : "false"
    case .array(let values):
      return "[" + values.map { $0.text(quotingDecimals: quotingDecimals) }.joined(separator: ",") + "]"
    case .object(let members):
      return "{"
        + members.map { Self.quote($0.0) + ":" + $0.1.text(quotingDecimals: quotingDecimals) }.joined(
          separator: ",")
        + "}"
    }
  }

  /// The value of a key of an object.
  package subscript(key: String) -> GenJSON? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// Sets (or adds) a key of an object.
  package mutating func set(_ key: String, _ value: GenJSON) {
    guard case .object(var members) = self else { return }
    if let index = members.firstIndex(where: { $0.0 == key }) {
      members[index].1 = value
    } else {
      members.append((key, value))
    }
    self = .object(members)
  }

  /// The value as `JSONSerialization` reads the text with every decimal quoted.
  package var foundation: Any {
    // The text goes through Foundation's own parser, as the reference's input always does.
    let data = Data(text(quotingDecimals: true).utf8)
    return (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) ?? NSNull()
  }

  private static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

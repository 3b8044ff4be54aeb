/// A path to a value inside a JSON document, written as `promotions[2].endsAt`.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  private var text: String

  /// The document's top-level value.
  package static let root = JSONPath(text: "")

  private init(text: String) {
    self.text = text
  }

  /// The path of a member of the object at this path.
  package func appending(key: String) -> JSONPath {
    JSONPath(text: text.isEmpty ? key : text + "." + key)
  }

  /// The path of an element of the array at this path.
  package func appending(index: Int) -> JSONPath {
    JSONPath(text: text + "[\(index)]")
  }

  /// The first key of this path below `prefix` (`endsAt` for `promotions[2].endsAt` below
  /// `promotions[2]`), or `nil` when this path is not below it by a key.
  func lastKey(below prefix: JSONPath) -> String? {
    let start = prefix.text.isEmpty ? "" : prefix.text + "."
    guard text.hasPrefix(start), text.count > start.count else { return nil }
    let rest = text.dropFirst(start.count)
    guard let key = rest.split(whereSeparator: { $0 == "." || $0 == "[" }).first else { return nil }
    return String(key)
  }

  /// Whether this is the top-level value.
  package var isRoot: Bool { text.isEmpty }

  /// `promotions[2].endsAt`, or `top level` for the root.
  package var description: String { text.isEmpty ? "top level" : text }
}

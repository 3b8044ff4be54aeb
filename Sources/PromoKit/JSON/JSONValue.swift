/// A position in a text file: 1-based line and column, counted in Unicode scalars.
package struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The 1-based line number.
  package var line: Int
  /// The 1-based column, counted in Unicode scalars from the start of the line.
  package var column: Int

  /// Creates a location from a line and a column, both 1-based.
  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// The location of a byte offset in UTF-8 text.
  ///
  /// - Complexity: O(*offset*); meant for error reporting, not for hot paths.
  package init(offset: Int, in bytes: some Collection<UInt8>) {
    var line = 1
    var column = 1
    for byte in bytes.prefix(offset) {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    self.init(line: line, column: column)
  }

  /// `line:column`, the form editors and compilers use.
  package var description: String { "\(line):\(column)" }
}

/// A parsed JSON value that remembers where it was written.
///
/// Numbers keep their literal text so that decimals can be read exactly, never through
/// binary floating point. The position is a byte offset, turned into a line and column
/// only when an error needs one (``SourceLocation/init(offset:in:)``).
package struct JSONNode: Sendable {
  /// The value itself.
  package var value: JSONValue
  /// The byte offset where the value starts in the source text.
  package var offset: Int

  /// Creates a node from a value and its byte offset.
  package init(_ value: JSONValue, offset: Int) {
    self.value = value
    self.offset = offset
  }
}

/// One `"key": value` member of a JSON object, in source order.
package struct JSONMember: Sendable {
  /// The member's key, unescaped.
  package var key: String
  /// The byte offset where the key starts.
  package var keyOffset: Int
  /// The member's value.
  package var value: JSONNode

  /// Creates a member.
  package init(key: String, keyOffset: Int, value: JSONNode) {
    self.key = key
    self.keyOffset = keyOffset
    self.value = value
  }
}

/// The kinds of value RFC 8259 defines.
package enum JSONValue: Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as its literal text (already checked against the RFC 8259 grammar).
  case number(String)
  /// A string, unescaped.
  case string(String)
  /// An array of nodes.
  case array([JSONNode])
  /// An object; keys are unique (the parser rejects duplicates).
  case object([JSONMember])

  /// The name of this value's type as a person would say it, for error messages.
  package var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension JSONParser {
  /// Counts one more level of nesting, refusing more than ``maximumDepth``.
  private mutating func enterContainer() throws(JSONSyntaxError) {
    depth += 1
    if depth > Self.maximumDepth {
      throw error("nesting deeper than \(Self.maximumDepth) levels")
    }
  }

  /// The object at the current position (its `{`): its members in order, a duplicate key,
  /// a trailing comma or a comment refused.
  mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    defer { depth -= 1 }
    index += 1  // {
    var members: [JSONMember] = []
    var seen: [String: Int] = [:]
    var lastComma = index
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        throw error("unexpected end of input inside an object; expected a key")
      }
      if bytes[index] == UInt8(ascii: "}") {
        throw error("trailing comma before '}'", at: lastComma)
      }
      guard bytes[index] == UInt8(ascii: "\"") else {
        if bytes[index] == UInt8(ascii: "/") { throw error("comments are not allowed in JSON") }
        throw error("unexpected \(describeCurrent()); expected a key in double quotes")
      }
      let keyOffset = index
      let key = try parseString()
      // Small objects (all of promo's) are checked by a scan; large ones by hashing.
      let first: Int?
      if members.count < 16 {
        first = members.first { $0.key == key }?.keyOffset
      } else {
        if seen.isEmpty { for member in members { seen[member.key] = member.keyOffset } }
        first = seen[key]
        seen[key] = seen[key] ?? keyOffset
      }
      if let first {
        throw JSONSyntaxError(offset: keyOffset, message: "duplicate key \"\(key)\"", earlierOffset: first)
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("unexpected \(describeCurrent()); expected ':' after the key \"\(key)\"")
      }
      index += 1
      skipWhitespace()
      let value = try parseValue()
      members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
      skipWhitespace()
      guard index < bytes.count else {
        throw error("unexpected end of input inside an object; expected ',' or '}'")
      }
      switch bytes[index] {
      case UInt8(ascii: ","):
        lastComma = index
        index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(members)
      case UInt8(ascii: "/"): throw error("comments are not allowed in JSON")
      default: throw error("unexpected \(describeCurrent()); expected ',' or '}'")
      }
    }
  }

  /// The array at the current position (its `[`), a trailing comma or a comment refused.
  mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    defer { depth -= 1 }
    index += 1  // [
    var elements: [JSONNode] = []
    var lastComma = index
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        throw error("unexpected end of input inside an array; expected a value")
      }
      if bytes[index] == UInt8(ascii: "]") {
        throw error("trailing comma before ']'", at: lastComma)
      }
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else {
        throw error("unexpected end of input inside an array; expected ',' or ']'")
      }
      switch bytes[index] {
      case UInt8(ascii: ","):
        lastComma = index
        index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      case UInt8(ascii: "/"): throw error("comments are not allowed in JSON")
      default: throw error("unexpected \(describeCurrent()); expected ',' or ']'")
      }
    }
  }
}

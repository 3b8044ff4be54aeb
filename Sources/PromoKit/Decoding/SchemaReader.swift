/// Reads typed fields out of a parsed JSON tree and collects every problem it meets, each
/// with its JSON path.
///
/// Decoders built on it report all problems of a file at once (for `promo validate`) while
/// a command that needs only the first can stop there.
struct SchemaReader {
  /// One problem: where it is and what is wrong.
  struct Problem {
    var path: JSONPath
    var message: String
  }

  private(set) var problems: [Problem] = []

  /// Records a problem at `path`.
  mutating func report(_ message: String, at path: JSONPath) {
    problems.append(Problem(path: path, message: message))
  }

  /// The members of the object at `path`, after reporting any key not in `keys`; `nil`
  /// (with a problem reported) when the node is not an object.
  mutating func object(_ node: JSONNode, at path: JSONPath, keys: [String], what: String) -> ObjectFields? {
    guard case .object(let members) = node.value else {
      report("\(what) must be an object, not \(node.value.typeName)", at: path)
      return nil
    }
    var fields: [String: JSONNode] = [:]
    for member in members {
      if keys.contains(member.key) {
        fields[member.key] = member.value
        continue
      }
      let place = path.isRoot ? "at the top level" : "in \(path)"
      var message = "unknown key \"\(member.key)\" \(place)"
      if let suggestion = KeySuggestion.nearest(to: member.key, in: keys) {
        message += "; did you mean \"\(suggestion)\"?"
      } else {
        message += "; known keys: " + keys.filter { $0 != "$schema" }.joined(separator: ", ")
      }
      report(message, at: path.appending(key: member.key))
    }
    return ObjectFields(fields: fields, path: path)
  }

  /// The string at `field`, or `nil` (with a problem reported when it has another type, or
  /// when it is `required` and missing).
  mutating func string(_ field: String, in object: ObjectFields, required: Bool = false) -> String? {
    guard let node = present(field, in: object, required: required) else { return nil }
    guard case .string(let text) = node.value else {
      report("\(field) must be a string, not \(node.value.typeName)", at: object.path.appending(key: field))
      return nil
    }
    return text
  }

  /// The boolean at `field`, or `nil` when it is missing or (reported) of another type.
  mutating func bool(_ field: String, in object: ObjectFields) -> Bool? {
    guard let node = present(field, in: object, required: false) else { return nil }
    guard case .bool(let value) = node.value else {
      report(
        "\(field) must be true or false, not \(node.value.typeName)", at: object.path.appending(key: field))
      return nil
    }
    return value
  }

  /// The decimal at `field`, written as a JSON number or a string such as `"12.50"`.
  mutating func decimal(_ field: String, in object: ObjectFields, required: Bool = false) -> DecimalNumber? {
    guard let node = present(field, in: object, required: required) else { return nil }
    let path = object.path.appending(key: field)
    let text: String
    switch node.value {
    case .number(let literal): text = literal
    case .string(let literal): text = literal
    default:
      report(
        "\(field) must be a decimal, written as a number or a string like \"12.50\", not \(node.value.typeName)",
        at: path)
      return nil
    }
    do {
      return try DecimalNumber(parsing: text)
    } catch {
      switch error {
      case .malformed:
        report("\(field) \"\(text)\" is not a decimal number; write it like \"12.50\"", at: path)
      case .outOfRange: report("\(field) \(text) has too many digits", at: path)
      }
      return nil
    }
  }

  /// The integer at `field`, written as a JSON number with no fractional part.
  mutating func integer(_ field: String, in object: ObjectFields, required: Bool = false) -> Int64? {
    guard let node = present(field, in: object, required: required) else { return nil }
    let path = object.path.appending(key: field)
    guard case .number(let literal) = node.value else {
      report("\(field) must be a whole number, not \(node.value.typeName)", at: path)
      return nil
    }
    guard let decimal = try? DecimalNumber(parsing: literal), let value = decimal.units(atScale: 0) else {
      report("\(field) must be a whole number, not \(literal)", at: path)
      return nil
    }
    return value
  }

  /// The timestamp at `field`: an RFC 3339 string with an explicit offset.
  mutating func timestamp(_ field: String, in object: ObjectFields) -> Timestamp? {
    guard let text = string(field, in: object) else { return nil }
    do {
      return try Timestamp(parsing: text)
    } catch {
      report("\(field) \"\(text)\": \(error.reason)", at: object.path.appending(key: field))
      return nil
    }
  }

  /// The currency at `field`: a three-letter ISO 4217 code in capitals.
  mutating func currency(_ field: String, in object: ObjectFields) -> Currency? {
    guard let code = string(field, in: object) else { return nil }
    if let currency = Currency(code: code) { return currency }
    var message = "\(field) \"\(code)\" is not a three-letter ISO 4217 code in capitals"
    if Currency(code: code.uppercased()) != nil { message += "; did you mean \"\(code.uppercased())\"?" }
    report(message, at: object.path.appending(key: field))
    return nil
  }

  /// An amount of money: a decimal from `minimum` (0 or just above it) to `maximum`, with at
  /// most `minorDigits` decimal places.
  mutating func amount(
    _ field: String, in object: ObjectFields, required: Bool = false, minorDigits: Int, currency: Currency?,
    allowsZero: Bool, maximum: DecimalNumber
  ) -> DecimalNumber? {
    guard let value = decimal(field, in: object, required: required) else { return nil }
    let path = object.path.appending(key: field)
    if value.isNegative || (!allowsZero && value.isZero) {
      report("\(field) must be \(allowsZero ? "at least 0" : "greater than 0"), not \(value)", at: path)
    } else if maximum < value {
      report("\(field) \(value) is more than the largest amount allowed, \(maximum)", at: path)
    } else if value.scale > minorDigits {
      let unit = currency.map { "\($0.code) has" } ?? "amounts without a currency have"
      report("\(field) \(value) has \(value.scale) decimal places; \(unit) \(minorDigits)", at: path)
    } else {
      return value
    }
    return nil
  }

  /// The node at `field`, reporting it when `required` and missing.
  private mutating func present(_ field: String, in object: ObjectFields, required: Bool) -> JSONNode? {
    if let node = object.fields[field] { return node }
    if required {
      let place = object.path.isRoot ? "" : " in \(object.path)"
      report("missing required key \"\(field)\"\(place)", at: object.path.appending(key: field))
    }
    return nil
  }
}

/// The members of one JSON object that passed the known-key check, and its path.
struct ObjectFields {
  /// The known members by key.
  var fields: [String: JSONNode]
  /// Where the object is.
  var path: JSONPath

  /// Whether the object has `key`.
  func has(_ key: String) -> Bool { fields[key] != nil }
}

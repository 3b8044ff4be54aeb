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
    /// What kind of problem it is, for `promo validate --format json` (a store's problems
    /// always have one; an order's and a report's need none).
    var code: StoreFindingCode?
  }

  private(set) var problems: [Problem] = []

  /// Records a problem at `path`.
  mutating func report(_ message: String, at path: JSONPath, code: StoreFindingCode? = nil) {
    problems.append(Problem(path: path, message: message, code: code))
  }

  /// The members of the object at `path`, after reporting any key not in `keys`; `nil`
  /// (with a problem reported) when the node is not an object.
  mutating func object(_ node: JSONNode, at path: JSONPath, keys: [String], what: String) -> ObjectFields? {
    guard case .object(let members) = node.value else {
      report("\(what) must be an object, not \(node.value.typeName)", at: path, code: .wrongType)
      return nil
    }
    // Unknown keys are reported; the object is then kept whole (a lookup only ever asks
    // for known keys), which spares a copy on the hot path.
    for member in members where !keys.contains(where: { Self.same($0, member.key) }) {
      let place = path.isRoot ? "at the top level" : "in \(path)"
      var message = "unknown key \"\(member.key)\" \(place)"
      // An unknown key is answered with the nearest known key, always.
      // `$schema` is suggested only for a key that starts like it.
      let candidates = member.key.hasPrefix("$") ? keys : keys.filter { $0 != "$schema" }
      if let suggestion = KeySuggestion.closest(to: member.key, in: candidates) {
        message += "; did you mean \"\(suggestion)\"?"
      }
      report(message, at: path.appending(key: member.key), code: .unknownKey)
    }
    return ObjectFields(fields: members, path: path)
  }

  /// The string at `field`, or `nil` (with a problem reported when it has another type, or
  /// when it is `required` and missing).
  mutating func string(_ field: String, in object: ObjectFields, required: Bool = false) -> String? {
    guard let node = present(field, in: object, required: required) else { return nil }
    guard case .string(let text) = node.value else {
      report(
        "\(field) must be a string, not \(node.value.typeName)", at: object.path.appending(key: field),
        code: .wrongType)
      return nil
    }
    return text
  }

  /// The array of strings at `field`, or `nil` when it is missing or (reported) not an
  /// array of strings.
  mutating func strings(_ field: String, in object: ObjectFields) -> [String]? {
    guard let node = present(field, in: object, required: false) else { return nil }
    let path = object.path.appending(key: field)
    guard case .array(let elements) = node.value else {
      report("\(field) must be an array of strings, not \(node.value.typeName)", at: path, code: .wrongType)
      return nil
    }
    var strings: [String] = []
    strings.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      guard case .string(let text) = element.value else {
        report(
          "\(field)[\(index)] must be a string, not \(element.value.typeName)",
          at: path.appending(index: index), code: .wrongType)
        return nil
      }
      strings.append(text)
    }
    return strings
  }

  /// Orders the problems found since `start` by `rank`, keeping the order of equal ranks.
  mutating func sortProblems(from start: Int, by rank: (Problem) -> Int) {
    let ranked = problems[start...].enumerated().map {
      (rank: rank($0.element), place: $0.offset, problem: $0.element)
    }
    let sorted = ranked.sorted { $0.rank != $1.rank ? $0.rank < $1.rank : $0.place < $1.place }
    problems.replaceSubrange(start..., with: sorted.map(\.problem))
  }

  /// The boolean at `field`, or `nil` when it is missing or (reported) of another type.
  mutating func bool(_ field: String, in object: ObjectFields) -> Bool? {
    guard let node = present(field, in: object, required: false) else { return nil }
    guard case .bool(let value) = node.value else {
      report(
        "\(field) must be true or false, not \(node.value.typeName)", at: object.path.appending(key: field),
        code: .wrongType)
      return nil
    }
    return value
  }

  /// The decimal at `field`, written as a JSON number or a string such as `"12.50"`; one
  /// too large to read names `largest`, the most the field allows.
  mutating func decimal(
    _ field: String, in object: ObjectFields, required: Bool = false,
    largest: DecimalNumber = Promotion.maximumAmount
  ) -> DecimalNumber? {
    decimalAsWritten(field, in: object, required: required, largest: largest)?.value
  }

  /// The decimal at `field` and its text as written (`-5.00`, `1e3`), for messages.
  private mutating func decimalAsWritten(
    _ field: String, in object: ObjectFields, required: Bool, largest: DecimalNumber
  ) -> (value: DecimalNumber, text: String)? {
    guard let node = present(field, in: object, required: required) else { return nil }
    let text: String
    switch node.value {
    case .number(let literal): text = literal
    case .string(let literal): text = literal
    default:
      report(
        "\(field) must be a decimal, written as a number or a string like \"12.50\", not \(node.value.typeName)",
        at: object.path.appending(key: field), code: .wrongType)
      return nil
    }
    do {
      return (try DecimalNumber(parsing: text), text)
    } catch {
      switch error {
      case .malformed:
        report(
          "\(field) \"\(excerpt(text))\" is not a decimal number; write it like \"12.50\"",
          at: object.path.appending(key: field), code: .notADecimal)
      case .tooLarge where text.hasPrefix("-"):
        report(
          "\(field) must be at least 0, not \(excerpt(text))", at: object.path.appending(key: field),
          code: .amountTooSmall)
      case .tooLarge:
        report(
          "\(field) \(excerpt(text)) is too large: at most \(largest)", at: object.path.appending(key: field),
          code: .amountTooLarge)
      case .tooPrecise:
        report(
          "\(field) \(excerpt(text)) has too many digits: at most 18 significant digits and 18 decimal places",
          at: object.path.appending(key: field), code: .tooManyDigits)
      }
      return nil
    }
  }

  /// The whole number at `field`, written as a JSON number with no fractional part (`2`,
  /// `2.0` and `1e3` are whole), from `range`; a value outside it is reported as written.
  mutating func integer(
    _ field: String, in object: ObjectFields, required: Bool = false, range: ClosedRange<Int64>
  ) -> Int64? {
    guard let node = present(field, in: object, required: required) else { return nil }
    guard case .number(let literal) = node.value else {
      report(
        "\(field) must be a whole number, not \(node.value.typeName)", at: object.path.appending(key: field),
        code: .wrongType)
      return nil
    }
    let outOfRange =
      "\(field) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(excerpt(literal))"
    let decimal: DecimalNumber
    do {
      decimal = try DecimalNumber(parsing: literal)
    } catch .tooLarge {
      report(outOfRange, at: object.path.appending(key: field), code: .numberOutOfRange)
      return nil
    } catch {
      report(
        "\(field) must be a whole number, not \(excerpt(literal))", at: object.path.appending(key: field),
        code: .notAWholeNumber)
      return nil
    }
    guard let value = decimal.units(atScale: 0) else {
      // A whole number past 64 bits is out of range; anything else has a fraction.
      report(
        decimal.scale == 0 ? outOfRange : "\(field) must be a whole number, not \(excerpt(literal))",
        at: object.path.appending(key: field), code: decimal.scale == 0 ? .numberOutOfRange : .notAWholeNumber
      )
      return nil
    }
    guard range.contains(value) else {
      report(outOfRange, at: object.path.appending(key: field), code: .numberOutOfRange)
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
      report(
        "\(field) \"\(text)\": \(error.reason)", at: object.path.appending(key: field),
        code: .invalidTimestamp)
      return nil
    }
  }

  /// The currency at `field`: a three-letter ISO 4217 code in capitals.
  mutating func currency(_ field: String, in object: ObjectFields) -> Currency? {
    guard let code = string(field, in: object) else { return nil }
    do throws(InvalidCurrencyCode) {
      return try Currency(code: code)
    } catch {
      var message = "\(field) \(error)"
      if (try? Currency(code: code.uppercased())) != nil {
        message += "; did you mean \"\(code.uppercased())\"?"
      }
      report(message, at: object.path.appending(key: field), code: .invalidCurrency)
      return nil
    }
  }

  /// An amount of money: a decimal from `minimum` (0 or just above it) to `maximum`, with at
  /// most `minorDigits` decimal places.
  mutating func amount(
    _ field: String, in object: ObjectFields, required: Bool = false, minorDigits: Int, currency: Currency?,
    allowsZero: Bool, maximum: DecimalNumber, limitsDecimalPlaces: Bool = true
  ) -> DecimalNumber? {
    guard
      let (value, text) = decimalAsWritten(field, in: object, required: required, largest: maximum)
    else { return nil }
    let written = excerpt(text)
    if value.isNegative || (!allowsZero && value.isZero) {
      report(
        "\(field) must be \(allowsZero ? "at least 0" : "greater than 0"), not \(written)",
        at: object.path.appending(key: field), code: .amountTooSmall)
    } else if maximum < value {
      report(
        "\(field) \(written) is too large: at most \(maximum)", at: object.path.appending(key: field),
        code: .amountTooLarge)
    } else if limitsDecimalPlaces && value.scale > minorDigits {
      let unit = currency.map { "\($0.code) has" } ?? "amounts without a currency have"
      report(
        "\(field) \(written) has \(DecimalPlaces.phrase(value.scale)); \(unit) \(minorDigits)",
        at: object.path.appending(key: field), code: .tooManyDecimalPlaces)
    } else {
      return value
    }
    return nil
  }

  /// Whether two keys are equal, comparing their lengths first: most keys compared are
  /// different, and a different length settles it without a string comparison.
  static func same(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.count == rhs.utf8.count && lhs == rhs
  }

  /// `text`, cut to 40 characters so that a hostile value cannot flood the error line.
  private func excerpt(_ text: String) -> String {
    text.count > 40 ? text.prefix(37) + "..." : text
  }

  /// The node at `field`, reporting it when `required` and missing.
  private mutating func present(_ field: String, in object: ObjectFields, required: Bool) -> JSONNode? {
    if let node = object[field] { return node }
    if required {
      let place = object.path.isRoot ? "" : " in \(object.path)"
      report(
        "missing required key \"\(field)\"\(place)", at: object.path.appending(key: field), code: .missingKey)
    }
    return nil
  }
}

/// The members of one JSON object that went through the known-key check, and its path.
///
/// Objects here have a handful of keys, so a linear search beats hashing.
struct ObjectFields {
  /// The members, in source order.
  var fields: [JSONMember]
  /// Where the object is.
  var path: JSONPath

  /// The value of `key`, if the object has it.
  subscript(key: String) -> JSONNode? {
    fields.first { SchemaReader.same($0.key, key) }?.value
  }

  /// Whether the object has `key`.
  func has(_ key: String) -> Bool { self[key] != nil }
}

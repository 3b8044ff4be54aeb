/// Holds the JSON object a pricer wrote for one order (`promo price --format json
/// --explain`, as `JSONSerialization` gives it) against a reference's pricing of it, for
/// every store format: the result object key by key, the evaluation instant, every
/// outcome with the values it carries, and the sums of the documented rules on the
/// written result alone.
package enum ResultObjectCheck {
  /// Every difference and every broken invariant; empty when the object is right. With
  /// `lenient` (the format-1 command), `lines` and `shortBy`, which that command does not
  /// print, are compared only when present.
  package static func problems(_ object: [String: Any], against pricing: some RefPricedOrder, lenient: Bool)
    -> [String]
  {
    var problems: [String] = []
    var expected = pricing.resultObject
    expected["evaluatedAt"] = nil
    if lenient && object["lines"] == nil { expected["lines"] = nil }
    differences(expected, object, at: "", into: &problems)
    if let text = object["evaluatedAt"] as? String, let instant = try? RefInstant(rfc3339: text) {
      if instant != pricing.evaluatedAt {
        problems.append("evaluatedAt: \(text) is not \(pricing.evaluatedAt)")
      }
    } else {
      problems.append("evaluatedAt: missing or not RFC 3339")
    }
    problems += considered(object["considered"], against: pricing, lenient: lenient)
    problems += ReferenceCheck.invariants(resultObject: object, against: pricing)
    return problems
  }

  /// Every key of `expected` must match; `currency`, `sku`, `lines` and `shipping` must be
  /// absent when the reference leaves them out. Other keys the pricer adds are allowed
  /// (the documented rules).
  package static func differences(
    _ expected: Any, _ actual: Any?, at path: String, into problems: inout [String]
  ) {
    switch expected {
    case let object as [String: Any]:
      guard let actual = actual as? [String: Any] else {
        problems.append("\(path): expected an object, got \(actual ?? "nothing")")
        return
      }
      for key in object.keys.sorted() {
        differences(object[key]!, actual[key], at: path.isEmpty ? key : "\(path).\(key)", into: &problems)
      }
      for key in ["currency", "sku", "lines", "shipping"] where object[key] == nil && actual[key] != nil {
        problems.append("\(path.isEmpty ? key : "\(path).\(key)"): present, expected it left out")
      }
    case let array as [Any]:
      guard let actual = actual as? [Any], actual.count == array.count else {
        problems.append("\(path): expected \(array.count) entries, got \(actual ?? "nothing")")
        return
      }
      for index in array.indices {
        differences(array[index], actual[index], at: "\(path)[\(index)]", into: &problems)
      }
    case let text as String:
      if actual as? String != text {
        problems.append("\(path): \(actual ?? "nothing"), expected \"\(text)\"")
      }
    case let number as Int:
      if actual is String || actual as? Int != number {
        problems.append("\(path): \(actual ?? "nothing"), expected \(number)")
      }
    default:
      problems.append("\(path): the reference made an unexpected value \(expected)")
    }
  }

  /// The outcomes, in store order, with the values they carry: an amount must be there
  /// when required and match when there (an amount the reference does not give must be
  /// absent or 0); a count, an instant or a minimum must match when there.
  package static func considered(_ value: Any?, against pricing: some RefPricedOrder, lenient: Bool)
    -> [String]
  {
    guard let considered = value as? [[String: Any]] else { return ["considered: missing"] }
    guard considered.count == pricing.considered.count else {
      return ["considered: \(considered.count) entries, expected \(pricing.considered.count)"]
    }
    var problems: [String] = []
    for (entry, (id, outcome)) in zip(considered, pricing.considered) {
      let path = "considered[\(id)]"
      guard entry["id"] as? String == id, entry["outcome"] as? String == outcome.name else {
        problems.append(
          "\(path): got \(entry["id"] ?? "-") \(entry["outcome"] ?? "-"), expected \(outcome.name)")
        continue
      }
      func money(_ key: String, _ units: Int128?, required: Bool) {
        guard let actual = entry[key] else {
          if required, let units {
            problems.append("\(path).\(key): missing, expected \(pricing.money(units))")
          }
          return
        }
        if actual as? String != pricing.money(units ?? 0) {
          problems.append("\(path).\(key): \(actual), expected \(pricing.money(units ?? 0))")
        }
      }
      func count(_ key: String, _ units: Int128?, required: Bool) {
        guard let actual = entry[key] else {
          if required, let units { problems.append("\(path).\(key): missing, expected \(units)") }
          return
        }
        let value = (actual as? Int).map { Int128($0) } ?? (actual as? String).flatMap { Int128($0) }
        if value != (units ?? 0) { problems.append("\(path).\(key): \(actual), expected \(units ?? 0)") }
      }
      func instant(_ key: String, _ expected: RefInstant) {
        guard let actual = entry[key] else { return }
        if (actual as? String).flatMap({ try? RefInstant(rfc3339: $0) }) != expected {
          problems.append("\(path).\(key): \(actual) is not \(expected)")
        }
      }
      switch outcome {
      case .applied(let discount): money("discount", discount, required: true)
      case .belowMinimum(let shortfall):
        money("shortBy", shortfall.shortBy, required: !lenient)
        count("shortByQuantity", shortfall.shortByQuantity, required: true)
        money("testedAgainst", shortfall.amount, required: false)
        if shortfall.units != nil { count("units", shortfall.units, required: false) }
        if let actual = entry["minimumAmount"],
          (actual as? String).flatMap({ try? RefDecimal($0) }) != shortfall.minimumAmount
        {
          problems.append(
            "\(path).minimumAmount: \(actual), expected the value \(shortfall.minimumAmount.map(\.description) ?? "none")"
          )
        }
      case .notBest(let total): money("planTotal", total, required: false)
      case .notStarted(let startsAt): instant("startsAt", startsAt)
      case .ended(let endsAt): instant("endsAt", endsAt)
      case .inactive, .codeRequired, .customerNotEligible, .noEligibleLine, .noShipping: break
      }
    }
    return problems
  }
}

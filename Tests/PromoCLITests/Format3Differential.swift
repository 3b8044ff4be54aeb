import Foundation
import PromoTestSupport

/// Holds `promo price --format json --explain` output against the format-3 reference: the
/// result object, the outcomes, and the sums of the documented rules whatever the reference says.
enum Format3Differential {
  /// Prices every order of `orders` (JSON texts) against `store` with the command, in one
  /// run over one file holding an array of them; the run's status, one output line per
  /// order, and the arguments it ran with.
  static func run(
    store: String, orders: [String], at: String, codes: [String], groups: [String], folder: URL
  ) throws -> (status: Int32, lines: [String], stderr: String, arguments: [String]) {
    let storePath = folder.appendingPathComponent("store.json").path
    let orderPath = folder.appendingPathComponent("orders.json").path
    try Data(store.utf8).write(to: URL(fileURLWithPath: storePath))
    try Data(("[" + orders.joined(separator: ",\n") + "]").utf8).write(to: URL(fileURLWithPath: orderPath))
    let arguments =
      ["price", orderPath, "--store", storePath, "--format", "json", "--explain", "--at", at]
      + codes.flatMap { ["--code", $0] } + groups.flatMap { ["--customer-group", $0] }
    let run = InProcessRun(arguments)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
    return (run.status, lines, run.stderr, arguments)
  }

  /// The differences between one output line and the reference's pricing.
  static func compare(_ pricing: Ref3Pricing, line: String) -> [String] {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
      return ["expected one JSON object, got \(line)"]
    }
    var problems: [String] = []
    var expected = pricing.resultObject
    expected["evaluatedAt"] = nil
    RefDifferential.differences(expected, object, at: "", into: &problems)
    if pricing.shipping == nil, object["shipping"] != nil {
      problems.append("shipping: present, expected it left out")
    }
    if let text = object["evaluatedAt"] as? String, let instant = try? RefInstant(rfc3339: text) {
      if instant != pricing.evaluatedAt {
        problems.append("evaluatedAt: \(text) is not \(pricing.evaluatedAt)")
      }
    } else {
      problems.append("evaluatedAt: missing or not RFC 3339")
    }
    problems += considered(pricing, object["considered"])
    problems += invariants(object, pricing: pricing)
    return problems
  }

  /// The outcomes, in store order, with the amounts they carry.
  static func considered(_ pricing: Ref3Pricing, _ value: Any?) -> [String] {
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
      /// An amount key: must be there when `required`, must match when there; `nil`
      /// expected means absent or zero.
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
      func count(_ key: String, _ units: Int128?) {
        guard let actual = entry[key] else { return }
        let value = (actual as? Int).map { Int128($0) } ?? (actual as? String).flatMap { Int128($0) }
        if value != (units ?? 0) { problems.append("\(path).\(key): \(actual), expected \(units ?? 0)") }
      }
      switch outcome {
      case .applied(let discount): money("discount", discount, required: true)
      case .belowMinimum(let shortfall):
        money("shortBy", shortfall.shortBy, required: true)
        count("shortByQuantity", shortfall.shortByQuantity)
        if shortfall.shortByQuantity != nil, entry["shortByQuantity"] == nil {
          problems.append("\(path).shortByQuantity: missing, expected \(shortfall.shortByQuantity!)")
        }
        money("testedAgainst", shortfall.amount, required: false)
        if shortfall.units != nil { count("units", shortfall.units) }
      case .notBest(let total): money("planTotal", total, required: false)
      case .inactive, .notStarted, .ended, .codeRequired, .customerNotEligible, .noEligibleLine, .noShipping:
        break
      }
    }
    return problems
  }

  /// the documented rules on the command's own result: subtotal − discount + shipping = total,
  /// the promotions add up to the discount, lines' discounts plus the shipping discount add
  /// up to it too, each promotion's shares (and its shipping discount) add up to its
  /// discount, nothing is below 0, and no plan the reference enumerated is lower.
  static func invariants(_ object: [String: Any], pricing: Ref3Pricing) -> [String] {
    var problems: [String] = []
    func units(_ value: Any?) -> Int128? {
      guard let text = value as? String else { return nil }
      let negative = text.hasPrefix("-")
      guard
        let magnitude = try? RefDecimal(negative ? String(text.dropFirst()) : text).units(
          digits: pricing.digits)
      else { return nil }
      return negative ? -magnitude : magnitude
    }
    guard let subtotal = units(object["subtotal"]), let discount = units(object["discount"]),
      let total = units(object["total"]), let applied = object["promotions"] as? [[String: Any]]
    else { return ["invariants: subtotal, discount, total or promotions unreadable"] }
    let shipping = object["shipping"] as? [String: Any]
    let shippingAmount = units(shipping?["amount"]) ?? 0
    let shippingDiscount = units(shipping?["discount"]) ?? 0
    if subtotal - discount + shippingAmount != total {
      problems.append("invariant: subtotal − discount + shipping ≠ total")
    }
    if total < 0 { problems.append("invariant: the total is negative") }
    if let shipping,
      units(shipping["total"]) != shippingAmount - shippingDiscount || shippingAmount - shippingDiscount < 0
    {
      problems.append("invariant: the shipping does not add up, or is below 0")
    }
    let discounts = applied.map { units($0["discount"]) ?? -1 }
    if discounts.reduce(0, +) != discount {
      problems.append("invariant: the promotions' discounts do not add up to the discount")
    }
    if let lowest = pricing.stats.lowest, lowest < total {
      problems.append(
        "invariant: a plan of total \(pricing.money(lowest)) is lower than the chosen \(pricing.money(total))"
      )
    }
    guard let lines = object["lines"] as? [[String: Any]] else { return problems }
    var lineDiscounts: Int128 = 0
    var shares: [String: Int128] = [:]
    for (index, line) in lines.enumerated() {
      guard let lineSubtotal = units(line["subtotal"]), let lineDiscount = units(line["discount"]),
        let lineTotal = units(line["total"]), let promotions = line["promotions"] as? [[String: Any]]
      else {
        problems.append("invariant: lines[\(index)] unreadable")
        continue
      }
      lineDiscounts += lineDiscount
      if lineTotal < 0 { problems.append("invariant: lines[\(index)].total is negative") }
      if lineSubtotal - lineDiscount != lineTotal {
        problems.append("invariant: lines[\(index)] does not add up")
      }
      var sum: Int128 = 0
      for share in promotions {
        let amount = units(share["discount"]) ?? 0
        if amount <= 0 { problems.append("invariant: lines[\(index)] lists a share that is not above 0") }
        sum += amount
        shares[share["id"] as? String ?? "", default: 0] += amount
      }
      if sum != lineDiscount {
        problems.append("invariant: lines[\(index)]'s shares do not add up to its discount")
      }
    }
    if lineDiscounts + shippingDiscount != discount {
      problems.append(
        "invariant: the lines' discounts and the shipping discount do not add up to the discount")
    }
    for (promotion, amount) in zip(applied, discounts) {
      let id = promotion["id"] as? String ?? ""
      let lineShare = shares.removeValue(forKey: id) ?? 0
      if lineShare != amount && !(lineShare == 0 && amount == shippingDiscount) {
        problems.append("invariant: \(id)'s shares do not add up to its discount")
      }
    }
    if !shares.isEmpty {
      problems.append("invariant: lines have shares of unapplied \(shares.keys.sorted())")
    }
    return problems
  }
}

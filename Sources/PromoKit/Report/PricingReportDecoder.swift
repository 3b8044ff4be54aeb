/// Reads a report that ``PricingReportEncoder`` wrote (`promo report --format json`) back
/// into a ``PricingReport``, strictly, for `promo report --merge`.
///
/// The text must be one JSON object with the encoder's keys and nothing else; amounts are
/// strings with exactly the currency's minor digits; the figures must agree with each
/// other (the total is `subtotal − discount + shipping`, the promotions' discounts add up
/// to the discount, the buckets are the 21 of ``DiscountRateBucket`` and their orders add
/// up to the orders, each `share` and `average` is the one the sums give, no gift was
/// granted with more orders than the report's or in fewer units than orders). Anything else
/// is an error naming the file and where in it: `line:column` for JSON syntax, a JSON path
/// such as `promotions[2].discount` for content.
///
///     let report = try PricingReportDecoder.decode(bytes, file: "part-0.json")
///     let whole = try report.merging(other)
///
/// - Complexity: O(*n*) in the length of the text.
public enum PricingReportDecoder {
  /// The keys of the report object.
  static let keys = [
    "orders", "currency", "subtotal", "discount", "shipping", "total", "promotions", "rates", "gifts",
  ]
  /// The keys of one promotion.
  static let promotionKeys = ["id", "name", "orders", "discount", "share", "average"]
  /// The keys of one rate bucket.
  static let bucketKeys = ["from", "to", "orders"]

  /// The report in `bytes`, read from `file` (for messages).
  ///
  ///     let part = try PricingReportDecoder.decode(Array(line.utf8), file: "part-00000.json")
  ///
  /// - Throws: a ``PromoError`` of category ``PromoError/Category/invalidData`` naming
  ///   `file` and the place of the first problem.
  public static func decode(_ bytes: [UInt8], file: String) throws(PromoError) -> PricingReport {
    let root = try JSONDocument.parse(bytes, file: file)
    var reader = SchemaReader()
    let report = read(root, reader: &reader)
    if let first = JSONDocument.errors(reader, file: file).first { throw first }
    return report!
  }

  private static func read(_ root: JSONNode, reader: inout SchemaReader) -> PricingReport? {
    guard let object = reader.object(root, at: .root, keys: keys, what: "a report") else { return nil }
    let orders = reader.integer("orders", in: object, required: true, range: 0...Int64.max)
    let currency = reader.currency("currency", in: object)
    if object.has("currency") && currency == nil { return nil }
    let digits = currency.minorDigits
    let subtotal = amount("subtotal", in: object, digits: digits, reader: &reader)
    let discount = amount("discount", in: object, digits: digits, reader: &reader)
    let shipping = amount("shipping", in: object, digits: digits, reader: &reader)
    let total = amount("total", in: object, digits: digits, reader: &reader)
    let promotions = readPromotions(object, digits: digits, reader: &reader)
    let rateCounts = readRates(object, reader: &reader)
    guard let orders, let subtotal, let discount, let shipping, let total, let promotions, let rateCounts,
      reader.problems.isEmpty
    else { return nil }

    let charged = subtotal.minorUnits.addingReportingOverflow(shipping.minorUnits)
    if charged.overflow || discount.minorUnits > charged.partialValue {
      reader.report(
        "discount \(discount) is more than the subtotal and shipping", at: .root.appending(key: "discount"))
    } else if total.minorUnits != charged.partialValue - discount.minorUnits {
      reader.report(
        "total \(total) is not subtotal - discount + shipping (\(Money(minorUnits: charged.partialValue - discount.minorUnits, minorDigits: digits)))",
        at: .root.appending(key: "total"))
    }
    var discounts: Int128 = 0
    for cost in promotions {
      let (sum, overflow) = discounts.addingReportingOverflow(cost.cost.discount.minorUnits)
      discounts = overflow ? Int128.max : sum
    }
    if discounts != discount.minorUnits {
      reader.report(
        "the promotions' discounts add up to \(Money(minorUnits: discounts, minorDigits: digits)), not the discount \(discount)",
        at: .root.appending(key: "promotions"))
    }
    for (index, cost) in promotions.enumerated() {
      let path = JSONPath.root.appending(key: "promotions").appending(index: index)
      if cost.cost.orders > orders {
        reader.report(
          "orders \(cost.cost.orders) is more than the report's \(orders) orders",
          at: path.appending(key: "orders"))
      }
    }
    let gifts = readGifts(object, orders: orders, reader: &reader) ?? []
    var counted: Int64 = 0
    for count in rateCounts {
      let (sum, overflow) = counted.addingReportingOverflow(count)
      counted = overflow ? Int64.max : sum
    }
    if counted != orders {
      reader.report(
        "the buckets' orders add up to \(counted), not the report's \(orders) orders",
        at: .root.appending(key: "rates"))
    }
    guard reader.problems.isEmpty else { return nil }
    // A report with no currency and no order has not settled one: it merges with any.
    let settled: Currency?? = currency != nil || orders > 0 ? .some(currency) : nil
    let report = PricingReport(
      currency: settled, orders: orders, subtotal: subtotal, discount: discount, shipping: shipping,
      total: total,
      promotions: promotions.map(\.cost), rateCounts: rateCounts, gifts: gifts)
    // The derived figures, as the report's own sums give them.
    let derived = Dictionary(uniqueKeysWithValues: report.promotions.map { ($0.id, $0) })
    for (index, written) in promotions.enumerated() {
      guard let cost = derived[written.cost.id] else { continue }
      let path = JSONPath.root.appending(key: "promotions").appending(index: index)
      let share = cost.share.formatted(minimumFractionDigits: 2)
      if written.share != share {
        reader.report(
          "share \"\(written.share)\" is not the one the sums give, \"\(share)\"",
          at: path.appending(key: "share"))
      }
      if written.average != cost.average {
        reader.report(
          "average \(written.average) is not the one the sums give, \(cost.average)",
          at: path.appending(key: "average"))
      }
    }
    return reader.problems.isEmpty ? report : nil
  }

  /// One promotion as written: its cost (from the sums) and the derived figures as written.
  private struct WrittenCost {
    var cost: PromotionCost
    var share: String
    var average: Money
  }

  private static func readPromotions(_ object: ObjectFields, digits: Int, reader: inout SchemaReader)
    -> [WrittenCost]?
  {
    let path = object.path.appending(key: "promotions")
    guard let node = object["promotions"] else {
      reader.report("missing required key \"promotions\"", at: path)
      return nil
    }
    guard case .array(let elements) = node.value else {
      reader.report("promotions must be an array, not \(node.value.typeName)", at: path)
      return nil
    }
    var costs: [WrittenCost] = []
    var seen: Set<String> = []
    for (index, element) in elements.enumerated() {
      let place = path.appending(index: index)
      guard let fields = reader.object(element, at: place, keys: promotionKeys, what: "a promotion") else {
        continue
      }
      let id = reader.string("id", in: fields, required: true)
      let name = reader.string("name", in: fields)
      let orders = reader.integer("orders", in: fields, required: true, range: 1...Int64.max)
      let discount = amount("discount", in: fields, digits: digits, reader: &reader)
      let share = reader.string("share", in: fields, required: true)
      let average = amount("average", in: fields, digits: digits, reader: &reader)
      if let id {
        if id.isEmpty {
          reader.report("id must not be empty", at: place.appending(key: "id"))
        } else if !seen.insert(id).inserted {
          reader.report("promotion \"\(id)\" appears twice", at: place.appending(key: "id"))
        }
      }
      guard let id, let orders, let discount, let share, let average else { continue }
      // The report's own total is not known here: the share is recomputed once it is.
      let cost = PromotionCost(
        id: id, name: name, orders: orders, discount: discount, totalDiscount: discount)
      costs.append(WrittenCost(cost: cost, share: share, average: average))
    }
    return costs
  }

  private static func readRates(_ object: ObjectFields, reader: inout SchemaReader) -> [Int64]? {
    let path = object.path.appending(key: "rates")
    guard let node = object["rates"] else {
      reader.report("missing required key \"rates\"", at: path)
      return nil
    }
    guard case .array(let elements) = node.value else {
      reader.report("rates must be an array, not \(node.value.typeName)", at: path)
      return nil
    }
    guard elements.count == DiscountRateBucket.count else {
      reader.report(
        "rates must have the \(DiscountRateBucket.count) buckets 0, then 0-5 up to 95-100, not \(elements.count)",
        at: path)
      return nil
    }
    var counts: [Int64] = []
    for (index, element) in elements.enumerated() {
      let place = path.appending(index: index)
      guard let fields = reader.object(element, at: place, keys: bucketKeys, what: "a rate bucket") else {
        continue
      }
      let from = reader.integer("from", in: fields, required: true, range: 0...100)
      let to = reader.integer("to", in: fields, required: true, range: 0...100)
      let orders = reader.integer("orders", in: fields, required: true, range: 0...Int64.max)
      let bounds = DiscountRateBucket.bounds(ofIndex: index)
      if let from, let to, from != bounds.from || to != bounds.to {
        reader.report(
          "bucket \(index) must be from \(bounds.from) to \(bounds.to), not from \(from) to \(to)", at: place)
      }
      if let orders { counts.append(orders) }
    }
    return counts.count == DiscountRateBucket.count ? counts : nil
  }

  /// The amount at `field`: a string of digits with exactly `digits` decimal places
  /// (`"128.00"`, `"100"` for JPY), at least 0, read exactly into minor units.
  private static func amount(
    _ field: String, in object: ObjectFields, digits: Int, reader: inout SchemaReader
  )
    -> Money?
  {
    let path = object.path.appending(key: field)
    guard let node = object[field] else {
      reader.report("missing required key \"\(field)\"", at: path)
      return nil
    }
    let shape = digits == 0 ? "whole number" : "number with \(digits) decimal places"
    guard case .string(let text) = node.value else {
      reader.report(
        "\(field) must be a string: a \(shape), like \"\(example(digits))\"; not \(node.value.typeName)",
        at: path)
      return nil
    }
    let bytes = Array(text.utf8)
    let point = bytes.firstIndex(of: UInt8(ascii: "."))
    let integer = bytes[..<(point ?? bytes.count)]
    let fraction = point.map { bytes[($0 + 1)...] } ?? []
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    guard !integer.isEmpty, integer.allSatisfy(isDigit), fraction.allSatisfy(isDigit),
      fraction.count == digits,
      (point == nil) == (digits == 0)
    else {
      let shown = text.count > 40 ? text.prefix(37) + "..." : text
      reader.report("\(field) \"\(shown)\" is not a \(shape), like \"\(example(digits))\"", at: path)
      return nil
    }
    var units: Int128 = 0
    for byte in integer + fraction {
      let (times, overflow) = units.multipliedReportingOverflow(by: 10)
      let (sum, overflowAgain) = times.addingReportingOverflow(Int128(byte - UInt8(ascii: "0")))
      guard !overflow, !overflowAgain else {
        reader.report("\(field) is too large", at: path)
        return nil
      }
      units = sum
    }
    return Money(minorUnits: units, minorDigits: digits)
  }

  /// An amount as written with `digits` places: `128.00`, `100`, `1.250`.
  private static func example(_ digits: Int) -> String {
    Money(minorUnits: Int128([100, 12_800, 12_800, 1_250][min(digits, 3)]), minorDigits: digits).description
  }
}

// The parts of a promotion object below its own keys (a target, a get target, tiers, a
// bundle, a gift), the classes it combines with, and the store's rounding.

extension StoreDecoder {
  /// The keys of a tier of `tiers`, in the order the store writes them.
  package static let tierKeys = ["minimumAmount", "minimumQuantity", "percentOff", "amountOff"]
  /// The keys of a `bundle`.
  package static let bundleKeys = ["quantity", "price"]
  /// The keys of a `gift`.
  package static let giftKeys = ["sku", "quantity", "name"]

  /// The target (`target` or `getTarget`) of a promotion, as written; type problems are
  /// reported.
  static func readTarget(
    _ key: String, in object: ObjectFields, reader: inout SchemaReader
  ) -> PromotionDraft.Target? {
    guard let node = object[key] else { return nil }
    let path = object.path.appending(key: key)
    guard let target = reader.object(node, at: path, keys: targetKeys, what: key) else { return nil }
    return PromotionDraft.Target(
      skus: reader.strings("skus", in: target), categories: reader.strings("categories", in: target))
  }

  /// The tiers of a threshold, as written; `nil` (with a problem reported) when `tiers`
  /// is not an array of objects or a tier's value has the wrong type.
  ///
  /// - Complexity: O(*t*) for *t* tiers.
  static func readTiers(_ object: ObjectFields, reader: inout SchemaReader) -> [PromotionDraft.TierTerms]? {
    guard let node = object["tiers"] else { return nil }
    let path = object.path.appending(key: "tiers")
    guard case .array(let elements) = node.value else {
      reader.report("tiers must be an array of tiers, not \(node.value.typeName)", at: path, code: .wrongType)
      return nil
    }
    let before = reader.problems.count
    var tiers: [PromotionDraft.TierTerms] = []
    for (index, element) in elements.enumerated() {
      guard
        let tier = reader.object(element, at: path.appending(index: index), keys: tierKeys, what: "a tier")
      else { continue }
      tiers.append(
        PromotionDraft.TierTerms(
          minimumAmount: reader.decimal("minimumAmount", in: tier),
          minimumQuantity: reader.integer("minimumQuantity", in: tier, range: Promotion.allowedQuantities),
          percentOff: reader.decimal("percentOff", in: tier, largest: DecimalNumber(significand: 100)),
          amountOff: reader.decimal("amountOff", in: tier)))
    }
    return reader.problems.count == before ? tiers : nil
  }

  /// The bundle of an item deal, as written; a missing part is reported.
  static func readBundle(_ object: ObjectFields, reader: inout SchemaReader) -> PromotionDraft.BundleTerms? {
    guard let node = object["bundle"] else { return nil }
    let path = object.path.appending(key: "bundle")
    guard let bundle = reader.object(node, at: path, keys: bundleKeys, what: "bundle") else { return nil }
    let before = reader.problems.count
    let terms = PromotionDraft.BundleTerms(
      quantity: reader.integer("quantity", in: bundle, required: true, range: BundlePrice.allowedQuantities),
      price: reader.decimal("price", in: bundle, required: true))
    return reader.problems.count == before ? terms : nil
  }

  /// The goods of a gift, as written; a missing part is reported.
  static func readGift(_ object: ObjectFields, reader: inout SchemaReader) -> PromotionDraft.GiftTerms? {
    guard let node = object["gift"] else { return nil }
    let path = object.path.appending(key: "gift")
    guard let gift = reader.object(node, at: path, keys: giftKeys, what: "gift") else { return nil }
    let before = reader.problems.count
    let terms = PromotionDraft.GiftTerms(
      sku: reader.string("sku", in: gift, required: true),
      quantity: reader.integer("quantity", in: gift, required: true, range: GiftGoods.allowedQuantities),
      name: reader.string("name", in: gift))
    return reader.problems.count == before ? terms : nil
  }

  /// The classes of `combinesWith`, as written; an unknown class is reported with the
  /// nearest one.
  static func readClasses(_ object: ObjectFields, reader: inout SchemaReader) -> [PromotionClass]? {
    guard let names = reader.strings("combinesWith", in: object) else { return nil }
    var classes: [PromotionClass] = []
    for (index, name) in names.enumerated() {
      guard let found = PromotionClass(rawValue: name) else {
        var message = "combinesWith[\(index)] must be \"item\", \"order\" or \"shipping\", not \"\(name)\""
        if let suggestion = KeySuggestion.nearest(to: name, in: PromotionClass.allCases.map(\.rawValue)) {
          message += "; did you mean \"\(suggestion)\"?"
        }
        reader.report(
          message, at: object.path.appending(key: "combinesWith").appending(index: index), code: .unknownClass
        )
        return nil
      }
      classes.append(found)
    }
    return classes
  }

  /// The store's `rounding`: the default when it names none; a rule in a store before
  /// version 4, or an unknown one, is reported.
  static func readRounding(_ top: ObjectFields, version: Int, reader: inout SchemaReader)
    -> PercentageRounding
  {
    guard let text = reader.string("rounding", in: top) else { return .halfUp }
    let path = JSONPath.root.appending(key: "rounding")
    if version < 4 {
      reader.report(
        "rounding needs store version 4, but this store is version \(version); set \"version\": 4 to use it",
        at: path, code: .needsNewerVersion)
    }
    if let rule = PercentageRounding(rawValue: text) { return rule }
    var message = "rounding must be \"half-up\", \"half-even\" or \"down\", not \"\(text)\""
    if let suggestion = KeySuggestion.nearest(to: text, in: PercentageRounding.allCases.map(\.rawValue)) {
      message += "; did you mean \"\(suggestion)\"?"
    }
    reader.report(message, at: path, code: .invalidRounding)
    return .halfUp
  }

  /// The rules about keys as written, which a draft cannot see: `stackable` (even
  /// `false`) beside `combinesWith` or on a gift, and `"acrossLines": false` beside a
  /// `getTarget`.
  static func writtenKeyViolations(_ object: ObjectFields, draft: PromotionDraft) -> [PromotionRuleError] {
    var found: [PromotionRuleError] = []
    let writesStackable = object.has("stackable")
    if writesStackable && !draft.isStackable {
      if draft.kind == .gift && draft.combinesWith == nil {
        found.append(.combinationOnGift(field: "stackable"))
      } else if draft.kind != .gift && object.has("combinesWith") {
        found.append(.combinesWithAndStackable)
      }
    }
    if object.has("getTarget"), case .bool(false) = object["acrossLines"]?.value, draft.kind == .item {
      found.append(.acrossLinesFalseWithGetTarget)
    }
    return found
  }
}

/// Reads a promotion store (docs/FORMAT.md, "The promotion store") strictly, reporting every problem with
/// its JSON path.
///
///     let catalog = try StoreDecoder.decode(bytes, file: "promotions.json")
///
/// - Complexity: O(*n*) in the size of the file.
public enum StoreDecoder {
  /// The keys a store's top-level object may have.
  package static let topLevelKeys = ["$schema", "version", "currency", "rounding", "promotions"]
  /// The keys a promotion object may have, in the order the store writes them.
  package static let promotionKeys = [
    "id", "name", "kind", "code", "customerGroups", "target", "getTarget", "layer", "minimumAmount",
    "minimumQuantity", "repeat", "tiers", "buy", "get", "acrossLines", "bundle", "percentOff", "amountOff",
    "fixedPrice", "maximumDiscount", "maximumQuantity", "excludeDiscountedLines", "gift", "startsAt",
    "endsAt",
    "active", "stackable", "combinesWith",
  ]
  /// The keys that hold a promotion's benefit (a gift's goods among them).
  static let benefitKeys: Set<String> = [
    "percentOff", "amountOff", "fixedPrice", "buy", "get", "bundle", "tiers", "gift",
  ]
  /// The keys of a promotion's `target`.
  package static let targetKeys = ["skus", "categories"]
  /// The store version each promotion key needs, for the keys that a version-1 store may
  /// not have (a `target` on a discount or threshold needs 3, see ``versionNeeded(for:kind:acrossLinesIsFormat4:)``).
  package static let keyVersions: [String: Int] = [
    "code": 2, "target": 2, "buy": 2, "get": 2, "fixedPrice": 2, "maximumDiscount": 2,
    "customerGroups": 3, "minimumQuantity": 3, "repeat": 3, "acrossLines": 3, "maximumQuantity": 3,
    "getTarget": 4, "layer": 4, "tiers": 4, "bundle": 4, "excludeDiscountedLines": 4, "gift": 4,
    "combinesWith": 4,
  ]

  /// The store version a promotion key needs on a promotion of `kind`;
  /// `acrossLinesIsFormat4` tells that its `acrossLines` is on an item deal with a
  /// `maximumQuantity` and no `buy` or `get`, which needs 4.
  package static func versionNeeded(
    for key: String, kind: PromotionKind?, acrossLinesIsFormat4: Bool = false
  ) -> Int {
    if key == "target", let kind, kind.actsOnOrder { return 3 }
    if key == "acrossLines" && acrossLinesIsFormat4 { return 4 }
    return keyVersions[key] ?? 1
  }

  /// The catalog in `bytes`, or the first problem found in it.
  ///
  ///     let catalog = try StoreDecoder.decode(Array(text.utf8), file: "promotions.json")
  ///
  /// - Throws: a ``PromoError`` naming `file`, the line and column of a syntax error or
  ///   the JSON path of a broken rule (`promotions[2].endsAt`).
  /// - Complexity: O(*b* + *n* log *n*) for *b* bytes and *n* promotions.
  public static func decode(_ bytes: [UInt8], file: String) throws(PromoError) -> Catalog {
    // The plain, valid shape is read straight from the bytes; anything else by the tree.
    if let catalog = StoreFastPath.decode(bytes) { return catalog }
    let result = diagnose(bytes, file: file)
    if let first = result.problems.first { throw first }
    return result.catalog!
  }

  /// The catalog in `bytes` (when it has no problem) and every problem found in it, in the
  /// order they stand in the file's structure (what `promo validate` reports).
  ///
  /// - Complexity: O(*b* + *n* log *n*) for *b* bytes and *n* promotions.
  public static func diagnose(_ bytes: [UInt8], file: String) -> (catalog: Catalog?, problems: [PromoError]) {
    if let catalog = StoreFastPath.decode(bytes) { return (catalog, []) }
    return diagnoseByTree(bytes, file: file)
  }

  /// What ``diagnose(_:file:)`` gives, always by the JSON tree (the fast path's reference).
  package static func diagnoseByTree(
    _ bytes: [UInt8], file: String
  ) -> (catalog: Catalog?, problems: [PromoError]) {
    let root: JSONNode
    do {
      root = try JSONDocument.parse(bytes, file: file)
    } catch {
      return (nil, [error])
    }
    var reader = SchemaReader()
    let catalog = read(root, reader: &reader)
    let problems = JSONDocument.errors(reader, file: file)
    return (problems.isEmpty ? catalog : nil, problems)
  }

  /// The promotions in a file given to `promo add --file`: one promotion object or an
  /// array of them, checked against the store's `currency` (any field of the current
  /// format allowed).
  /// The first problem is thrown.
  ///
  /// - Complexity: O(*b*) for *b* bytes.
  public static func decodePromotions(
    _ bytes: [UInt8], file: String, currency: Currency?
  ) throws(PromoError) -> [Promotion] {
    let root = try JSONDocument.parse(bytes, file: file)
    var reader = SchemaReader()
    var promotions: [Promotion] = []
    if case .array(let elements) = root.value {
      promotions = readPromotions(
        elements, at: .root, version: Catalog.currentVersion, currency: currency, reader: &reader)
    } else if case .object(let members) = root.value, members.contains(where: { $0.key == "promotions" }),
      !members.contains(where: { $0.key == "id" })
    {
      // A whole store, not promotions: say so, rather than suggest keys for each of its own.
      throw PromoError(
        .invalidData, file: file, position: "promotions",
        "this is a whole store, not a promotion; give its promotions: an object, or an array of them (jq '.promotions' FILE)"
      )
    } else if let promotion = readPromotion(
      root, at: .root, version: Catalog.currentVersion, currency: currency, reader: &reader)
    {
      promotions.append(promotion)
    }
    if let first = JSONDocument.errors(reader, file: file).first { throw first }
    return promotions
  }

  static func read(_ root: JSONNode, reader: inout SchemaReader) -> Catalog? {
    // The version comes first: a newer store may have keys this version does not know, and
    // only the version problem should be reported for it.
    var version = Catalog.currentVersion
    if case .object(let members) = root.value {
      guard let read = readVersion(members.first { $0.key == "version" }, reader: &reader) else { return nil }
      version = read
    }
    guard let top = reader.object(root, at: .root, keys: topLevelKeys, what: "a promotion store") else {
      return nil
    }
    // `$schema` is accepted with any value and ignored; a string is kept for rewriting.
    let schema: String? = if case .string(let url) = top["$schema"]?.value { url } else { nil }
    let currency = reader.currency("currency", in: top)
    let rounding = readRounding(top, version: version, reader: &reader)
    // With an invalid currency, amounts are checked with the most minor digits any
    // currency has, so that only real problems are reported besides the currency.
    let checkingCurrency = top.has("currency") && currency == nil ? try? Currency(code: "KWD") : currency
    guard let list = top["promotions"] else {
      reader.report(
        "missing required key \"promotions\" (an array, which may be empty)",
        at: JSONPath.root.appending(key: "promotions"), code: .missingKey)
      return nil
    }
    let listPath = JSONPath.root.appending(key: "promotions")
    guard case .array(let elements) = list.value else {
      reader.report(
        "promotions must be an array, not \(list.value.typeName)", at: listPath, code: .wrongType)
      return nil
    }
    let promotions = readPromotions(
      elements, at: listPath, version: version, currency: checkingCurrency, reader: &reader)
    return Catalog(
      version: version, currency: currency, checkedPromotions: promotions, schema: schema, rounding: rounding)
  }

  /// Reads an array of promotions, reporting each one's problems and every id used twice.
  ///
  /// An id is taken even by a promotion with other problems, so that its duplicate is
  /// reported at once rather than after the first is mended.
  private static func readPromotions(
    _ elements: [JSONNode], at listPath: JSONPath, version: Int, currency: Currency?,
    reader: inout SchemaReader
  ) -> [Promotion] {
    var promotions: [Promotion] = []
    var firstIndexOfID: [String: Int] = [:]
    for (index, element) in elements.enumerated() {
      let path = listPath.appending(index: index)
      if case .object(let members) = element.value, let idMember = members.first(where: { $0.key == "id" }),
        case .string(let id) = idMember.value.value
      {
        if let first = firstIndexOfID[id] {
          reader.report(
            "duplicate id \"\(id)\" (already used by \(listPath.appending(index: first))); ids must be unique",
            at: path.appending(key: "id"), code: .duplicateID)
        } else {
          firstIndexOfID[id] = index
        }
      }
      if let promotion = readPromotion(
        element, at: path, version: version, currency: currency, reader: &reader)
      {
        promotions.append(promotion)
      }
    }
    return promotions
  }

  /// The store's version, or `nil` for a newer one, whose other keys must not be read. A
  /// missing or invalid version is reported, and the rest is checked as version 1.
  private static func readVersion(_ member: JSONMember?, reader: inout SchemaReader) -> Int? {
    let path = JSONPath.root.appending(key: "version")
    let supported = Catalog.supportedVersions
    guard let node = member?.value else {
      reader.report(
        "missing required key \"version\"; add \"version\": \(Catalog.currentVersion)", at: path,
        code: .missingKey)
      return 1
    }
    let newer =
      "is newer than this promo understands (it reads versions \(supported.lowerBound) to \(supported.upperBound)); "
      + "upgrade promo to use this store"
    if case .number(let literal) = node.value, literal.utf8.count > 18,
      literal.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 })
    {
      reader.report("store version \(literal) \(newer)", at: path, code: .newerVersion)
      return nil
    }
    if case .number(let literal) = node.value, let value = try? DecimalNumber(parsing: literal),
      let version = value.units(atScale: 0)
    {
      if supported.contains(Int(version)) { return Int(version) }
      if version > supported.upperBound {
        reader.report("store version \(version) \(newer)", at: path, code: .newerVersion)
        return nil
      }
    }
    let written: String = if case .number(let literal) = node.value { literal } else { node.value.typeName }
    reader.report("version must be 1, 2, 3 or 4, not \(written)", at: path, code: .invalidVersion)
    return 1
  }

  /// Reads one promotion object, reporting its problems (types here, rules through
  /// ``PromotionDraft``), ordered by the store's key order; `nil` when it has any.
  static func readPromotion(
    _ node: JSONNode, at path: JSONPath, version: Int, currency: Currency?, reader: inout SchemaReader
  ) -> Promotion? {
    let before = reader.problems.count
    guard let object = reader.object(node, at: path, keys: promotionKeys, what: "a promotion") else {
      return nil
    }
    var draft = PromotionDraft()
    draft.id = reader.string("id", in: object, required: true)
    draft.name = reader.string("name", in: object)
    let kindText = reader.string("kind", in: object, required: true)
    draft.kind = kindText.flatMap(PromotionKind.init(rawValue:))
    if let kindText, draft.kind == nil {
      var message =
        "kind must be \"item\", \"discount\", \"threshold\", \"shipping\" or \"gift\", not \"\(kindText)\""
      if let suggestion = KeySuggestion.nearest(to: kindText, in: PromotionKind.allCases.map(\.rawValue)) {
        message += "; did you mean \"\(suggestion)\"?"
      }
      reader.report(message, at: path.appending(key: "kind"), code: .unknownKind)
    }
    if version < Catalog.currentVersion {
      func needs(_ needed: Int) -> String {
        "needs store version \(needed), but this store is version \(version); set \"version\": \(needed) to use it"
      }
      if let kind = draft.kind, kind.introducedInVersion > version {
        reader.report(
          "kind \"\(kind.rawValue)\" \(needs(kind.introducedInVersion))", at: path.appending(key: "kind"),
          code: .needsNewerVersion)
      }
      let acrossLinesIsFormat4 =
        draft.kind == .item && !object.has("buy") && !object.has("get") && object.has("maximumQuantity")
      for member in object.fields {
        let needed = versionNeeded(
          for: member.key, kind: draft.kind, acrossLinesIsFormat4: acrossLinesIsFormat4)
        if needed > version {
          reader.report(
            "\(member.key) \(needs(needed))", at: path.appending(key: member.key), code: .needsNewerVersion)
        }
      }
    }
    readFields(of: object, into: &draft, reader: &reader)
    // A field that failed to read is left out of the draft; its rules are not checked,
    // so that it is reported once, for its type.
    let unreadable = Set(reader.problems[before...].compactMap { $0.path.lastKey(below: path) })
    for violation in draft.violations(currency: .some(currency)) + writtenKeyViolations(object, draft: draft)
    {
      if case .missingField = violation { continue }  // reported above, with its place
      if case .missingBenefit = violation, object.fields.contains(where: { benefitKeys.contains($0.key) }) {
        continue  // a benefit is there, and its type was reported
      }
      if case .missingMinimum = violation,
        object.fields.contains(where: { ["minimumAmount", "minimumQuantity", "tiers"].contains($0.key) })
      {
        continue  // a minimum (or tiers of them) is there, and its type or range was reported
      }
      if unreadable.contains(String(violation.field.split(whereSeparator: { $0 == "." || $0 == "[" })[0])) {
        continue
      }
      let written = object.fields.first { $0.key == violation.field }.flatMap { member -> String? in
        switch member.value.value {
        case .number(let literal), .string(let literal): literal
        default: nil
        }
      }
      reader.report(
        violation.message(writtenAs: written), at: path.appending(key: violation.field),
        code: violation.findingCode)
    }
    reader.sortProblems(from: before) { problem in
      problem.path.lastKey(below: path).flatMap { promotionKeys.firstIndex(of: $0) } ?? -1
    }
    guard reader.problems.count == before else { return nil }
    return try? draft.promotion(currency: .some(currency))
  }

  /// Reads the fields of a promotion object after its id, name and kind into `draft`;
  /// type problems are reported.
  private static func readFields(
    of object: ObjectFields, into draft: inout PromotionDraft, reader: inout SchemaReader
  ) {
    draft.code = reader.string("code", in: object)
    draft.customerGroups = reader.strings("customerGroups", in: object)
    draft.target = readTarget("target", in: object, reader: &reader)
    draft.getTarget = readTarget("getTarget", in: object, reader: &reader)
    draft.layer = reader.integer("layer", in: object, range: 1...9).map { Int($0) }
    draft.minimumAmount = reader.decimal("minimumAmount", in: object)
    draft.minimumQuantity = reader.integer("minimumQuantity", in: object, range: Promotion.allowedQuantities)
    draft.repeats = reader.bool("repeat", in: object) ?? false
    draft.tiers = readTiers(object, reader: &reader)
    draft.buy = reader.integer("buy", in: object, range: BuyGet.allowedCounts)
    draft.get = reader.integer("get", in: object, range: BuyGet.allowedCounts)
    draft.acrossLines = reader.bool("acrossLines", in: object) ?? false
    draft.bundle = readBundle(object, reader: &reader)
    draft.percentOff = reader.decimal("percentOff", in: object, largest: DecimalNumber(significand: 100))
    draft.amountOff = reader.decimal("amountOff", in: object)
    draft.fixedPrice = reader.decimal("fixedPrice", in: object)
    draft.maximumDiscount = reader.decimal("maximumDiscount", in: object)
    draft.maximumQuantity = reader.integer("maximumQuantity", in: object, range: Promotion.allowedQuantities)
    draft.excludesDiscountedLines = reader.bool("excludeDiscountedLines", in: object) ?? false
    draft.gift = readGift(object, reader: &reader)
    draft.startsAt = reader.timestamp("startsAt", in: object)
    draft.endsAt = reader.timestamp("endsAt", in: object)
    draft.isActive = reader.bool("active", in: object) ?? true
    draft.isStackable = reader.bool("stackable", in: object) ?? false
    draft.combinesWith = readClasses(object, reader: &reader)
  }
}

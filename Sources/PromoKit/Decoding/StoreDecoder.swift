/// Reads a promotion store (contract section 2.1) strictly, reporting every problem with
/// its JSON path.
///
///     let catalog = try StoreDecoder.decode(bytes, file: "promotions.json")
///
/// Complexity: O(*n*) in the size of the file.
public enum StoreDecoder {
  /// The keys a store's top-level object may have.
  public static let topLevelKeys = ["$schema", "version", "currency", "promotions"]
  /// The keys a promotion object may have, in the order the store writes them.
  public static let promotionKeys = [
    "id", "name", "kind", "minimumAmount", "percentOff", "amountOff", "startsAt", "endsAt", "active",
    "stackable",
  ]

  /// The catalog in `bytes`, or the first problem found in it.
  public static func decode(_ bytes: [UInt8], file: String) throws(PromoError) -> Catalog {
    let result = diagnose(bytes, file: file)
    if let first = result.problems.first { throw first }
    return result.catalog!
  }

  /// The catalog in `bytes` (when it has no problem) and every problem found in it, in the
  /// order they stand in the file's structure.
  public static func diagnose(_ bytes: [UInt8], file: String) -> (catalog: Catalog?, problems: [PromoError]) {
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
  /// array of them, checked against the store's `currency`. The first problem is thrown.
  public static func decodePromotions(
    _ bytes: [UInt8], file: String, currency: Currency?
  ) throws(PromoError) -> [Promotion] {
    let root = try JSONDocument.parse(bytes, file: file)
    var reader = SchemaReader()
    var promotions: [Promotion] = []
    if case .array(let elements) = root.value {
      promotions = readPromotions(elements, at: .root, currency: currency, reader: &reader)
    } else if let promotion = readPromotion(root, at: .root, currency: currency, reader: &reader) {
      promotions.append(promotion)
    }
    if let first = JSONDocument.errors(reader, file: file).first { throw first }
    return promotions
  }

  /// One promotion from a JSON object (built from command-line flags, say). The first
  /// problem is thrown with its key as the position and no file.
  public static func decodePromotion(_ node: JSONNode, currency: Currency?) throws(PromoError) -> Promotion {
    var reader = SchemaReader()
    let promotion = readPromotion(node, at: .root, currency: currency, reader: &reader)
    if let problem = reader.problems.first {
      throw PromoError(.invalidData, position: problem.path.description, problem.message)
    }
    return promotion!
  }

  private static func read(_ root: JSONNode, reader: inout SchemaReader) -> Catalog? {
    // The version comes first: a newer store may have keys this version does not know, and
    // only the version problem should be reported for it.
    if case .object(let members) = root.value,
      !readVersion(members.first { $0.key == "version" }, reader: &reader)
    {
      return nil
    }
    guard let top = reader.object(root, at: .root, keys: topLevelKeys, what: "a promotion store") else {
      return nil
    }
    // `$schema` is accepted with any value and ignored; a string is kept for rewriting.
    let schema: String? = if case .string(let url) = top["$schema"]?.value { url } else { nil }
    let currency = reader.currency("currency", in: top)
    // With an invalid currency, amounts are checked with the most minor digits any
    // currency has, so that only real problems are reported besides the currency.
    let checkingCurrency = top.has("currency") && currency == nil ? Currency(code: "KWD") : currency
    guard let list = top["promotions"] else {
      reader.report(
        "missing required key \"promotions\" (an array, which may be empty)",
        at: JSONPath.root.appending(key: "promotions"))
      return nil
    }
    let listPath = JSONPath.root.appending(key: "promotions")
    guard case .array(let elements) = list.value else {
      reader.report("promotions must be an array, not \(list.value.typeName)", at: listPath)
      return nil
    }
    let promotions = readPromotions(elements, at: listPath, currency: checkingCurrency, reader: &reader)
    return Catalog(currency: currency, promotions: promotions, schema: schema)
  }

  /// Reads an array of promotions, reporting each one's problems and every id used twice.
  ///
  /// An id is taken even by a promotion with other problems, so that its duplicate is
  /// reported at once rather than after the first is mended.
  private static func readPromotions(
    _ elements: [JSONNode], at listPath: JSONPath, currency: Currency?, reader: inout SchemaReader
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
            at: path.appending(key: "id"))
        } else {
          firstIndexOfID[id] = index
        }
      }
      if let promotion = readPromotion(element, at: path, currency: currency, reader: &reader) {
        promotions.append(promotion)
      }
    }
    return promotions
  }

  /// Checks `version`; `false` only for a newer version, whose other keys must not be read.
  private static func readVersion(_ member: JSONMember?, reader: inout SchemaReader) -> Bool {
    let path = JSONPath.root.appending(key: "version")
    guard let node = member?.value else {
      reader.report("missing required key \"version\"; add \"version\": 1", at: path)
      return true  // check the rest as version 1
    }
    let supported = Catalog.currentVersion
    if case .number(let literal) = node.value, literal.utf8.count > 18,
      literal.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 })
    {
      reader.report(
        "store version \(literal) is newer than this promo understands (\(supported)); upgrade promo to use this store",
        at: path)
      return false
    }
    if case .number(let literal) = node.value, let value = try? DecimalNumber(parsing: literal),
      let version = value.units(atScale: 0)
    {
      if version == supported { return true }
      if version > supported {
        reader.report(
          "store version \(version) is newer than this promo understands (\(supported)); upgrade promo to use this store",
          at: path)
        return false
      }
    }
    let written: String = if case .number(let literal) = node.value { literal } else { node.value.typeName }
    reader.report("version must be \(supported), not \(written)", at: path)
    return true  // check the rest as version 1
  }

  /// Reads one promotion object, reporting its problems; `nil` when it has any.
  static func readPromotion(
    _ node: JSONNode, at path: JSONPath, currency: Currency?, reader: inout SchemaReader
  ) -> Promotion? {
    let before = reader.problems.count
    guard let object = reader.object(node, at: path, keys: promotionKeys, what: "a promotion") else {
      return nil
    }
    let id = reader.string("id", in: object, required: true)
    if let id, !Promotion.isValidID(id) {
      reader.report(
        "id \"\(id)\" must be 1 to \(Promotion.maximumIDLength) characters of A-Z a-z 0-9 . _ -",
        at: path.appending(key: "id"))
    }
    let name = reader.string("name", in: object)
    let kindText = reader.string("kind", in: object, required: true)
    let kind = kindText.flatMap(PromotionKind.init(rawValue:))
    if let kindText, kind == nil {
      var message = "kind must be \"discount\" or \"threshold\", not \"\(kindText)\""
      if let suggestion = KeySuggestion.nearest(to: kindText, in: PromotionKind.allCases.map(\.rawValue)) {
        message += "; did you mean \"\(suggestion)\"?"
      }
      reader.report(message, at: path.appending(key: "kind"))
    }
    let benefit = readBenefit(object, currency: currency, reader: &reader)
    let minimum = reader.amount(
      "minimumAmount", in: object, minorDigits: currency.minorDigits, currency: currency, allowsZero: true,
      maximum: Promotion.maximumAmount, limitsDecimalPlaces: false)
    switch kind {
    case .threshold where !object.has("minimumAmount"):
      reader.report(
        "a threshold promotion needs \"minimumAmount\" (the least amount it applies to)",
        at: path.appending(key: "minimumAmount"))
    case .discount where object.has("minimumAmount"):
      reader.report(
        "minimumAmount is only for threshold promotions; remove it or make the kind \"threshold\"",
        at: path.appending(key: "minimumAmount"))
    default: break
    }
    let startsAt = reader.timestamp("startsAt", in: object)
    let endsAt = reader.timestamp("endsAt", in: object)
    if let startsAt, let endsAt, startsAt.instant >= endsAt.instant {
      reader.report(
        "endsAt \(endsAt) must be after startsAt \(startsAt) (the window is startsAt <= T < endsAt)",
        at: path.appending(key: "endsAt"))
    }
    let active = reader.bool("active", in: object)
    let stackable = reader.bool("stackable", in: object)
    guard reader.problems.count == before, let id, let kind, let benefit else { return nil }
    return Promotion(
      id: id, name: name, kind: kind, benefit: benefit, minimumAmount: minimum, startsAt: startsAt,
      endsAt: endsAt,
      isActive: active ?? true, isStackable: stackable ?? false)
  }

  private static func readBenefit(_ object: ObjectFields, currency: Currency?, reader: inout SchemaReader)
    -> Benefit?
  {
    switch (object.has("percentOff"), object.has("amountOff")) {
    case (true, true):
      reader.report(
        "a promotion has exactly one of percentOff and amountOff, not both",
        at: object.path.appending(key: "amountOff"))
      return nil
    case (false, false):
      reader.report(
        "missing the benefit: add \"percentOff\" (a percentage) or \"amountOff\" (a fixed sum)",
        at: object.path.appending(key: "percentOff"))
      return nil
    case (true, false):
      guard let value = reader.decimal("percentOff", in: object) else { return nil }
      if let percentage = Percentage(value) { return .percentOff(percentage) }
      let path = object.path.appending(key: "percentOff")
      if value.isNegative || value.isZero || DecimalNumber(significand: 100) < value {
        reader.report("percentOff must be greater than 0 and at most 100, not \(value)", at: path)
      } else {
        reader.report(
          "percentOff \(value) has more than \(Percentage.maximumDecimalPlaces) decimal places", at: path)
      }
      return nil
    case (false, true):
      let value = reader.amount(
        "amountOff", in: object, minorDigits: currency.minorDigits, currency: currency, allowsZero: false,
        maximum: Promotion.maximumAmount)
      return value.map(Benefit.amountOff)
    }
  }
}

/// Writes a catalog in the store's canonical form: two-space indentation, keys in a fixed
/// order, promotions in the order they were added, defaults left out, a final newline. The
/// same catalog always gives the same bytes, so a store kept in git shows minimal diffs.
///
///     let text = StoreEncoder.encode(catalog)   // "{\n  \"version\": 2,\n ..."
///
/// - Complexity: O(*n*) in the size of the catalog.
public enum StoreEncoder {
  /// One member of a promotion's stored form.
  package struct Field: Sendable, Hashable {
    /// The key.
    package var key: String
    /// The value.
    package var value: FieldValue

    /// Creates a member.
    package init(_ key: String, _ value: FieldValue) {
      self.key = key
      self.value = value
    }
  }

  /// One value of a promotion's stored form.
  package indirect enum FieldValue: Sendable, Hashable {
    /// A JSON string.
    case string(String)
    /// A JSON boolean.
    case bool(Bool)
    /// A JSON whole number.
    case integer(Int64)
    /// A JSON array of strings.
    case strings([String])
    /// A JSON object.
    case object([Field])
    /// A JSON array of values (store format 4's `tiers`).
    case array([FieldValue])
  }

  /// The store file's text, in the canonical form: two-space indentation, keys in the
  /// documented order, defaults left out, a final newline. Encoding what
  /// ``StoreDecoder/decode(_:file:)`` read from a canonical file gives its bytes back.
  ///
  /// - Complexity: O(*n*) in the size of the catalog.
  public static func encode(_ catalog: Catalog) -> String {
    var text = "{\n"
    if let schema = catalog.schema {
      text += "  " + quoted("$schema") + ": " + quoted(schema) + ",\n"
    }
    text += "  \"version\": \(catalog.formatVersion),\n"
    if let currency = catalog.currency {
      text += "  \"currency\": " + quoted(currency.code) + ",\n"
    }
    if catalog.rounding != .halfUp {
      text += "  \"rounding\": " + quoted(catalog.rounding.rawValue) + ",\n"
    }
    let promotions = catalog.promotions.map {
      FieldValue.object(fields(of: $0, minorDigits: catalog.currency.minorDigits))
    }
    text += "  \"promotions\": "
    appendArray(promotions, indent: 1, to: &text)
    text += "\n}\n"
    return text
  }

  /// A promotion's stored form as ordered members, defaults left out: amounts with the
  /// currency's minor digits (`"15.00"`), percentages as plain decimals (`"12.5"`),
  /// timestamps as they were written.
  package static func fields(of promotion: Promotion, minorDigits: Int) -> [Field] {
    func amount(_ value: DecimalNumber) -> FieldValue {
      .string(value.formatted(minimumFractionDigits: minorDigits))
    }
    var fields = [Field("id", .string(promotion.id))]
    if let name = promotion.name { fields.append(Field("name", .string(name))) }
    fields.append(Field("kind", .string(promotion.kind.rawValue)))
    if let code = promotion.code { fields.append(Field("code", .string(code))) }
    if let groups = promotion.customerGroups {
      fields.append(Field("customerGroups", .strings(groups.names)))
    }
    if let target = promotion.target { fields.append(Field("target", targetValue(target))) }
    if let target = promotion.getTarget { fields.append(Field("getTarget", targetValue(target))) }
    if let layer = promotion.writtenLayer { fields.append(Field("layer", .integer(Int64(layer)))) }
    if let minimum = promotion.minimumAmount { fields.append(Field("minimumAmount", amount(minimum))) }
    if let units = promotion.minimumQuantity { fields.append(Field("minimumQuantity", .integer(units))) }
    if promotion.repeats { fields.append(Field("repeat", .bool(true))) }
    appendBenefit(of: promotion, amount: amount, to: &fields)
    if let cap = promotion.maximumDiscount { fields.append(Field("maximumDiscount", amount(cap))) }
    if let units = promotion.maximumQuantity { fields.append(Field("maximumQuantity", .integer(units))) }
    if promotion.excludesDiscountedLines { fields.append(Field("excludeDiscountedLines", .bool(true))) }
    if case .gift(let goods) = promotion.benefit {
      var members = [Field("sku", .string(goods.sku)), Field("quantity", .integer(goods.quantity))]
      if let name = goods.name { members.append(Field("name", .string(name))) }
      fields.append(Field("gift", .object(members)))
    }
    if let startsAt = promotion.startsAt { fields.append(Field("startsAt", .string(startsAt.text))) }
    if let endsAt = promotion.endsAt { fields.append(Field("endsAt", .string(endsAt.text))) }
    if !promotion.isActive { fields.append(Field("active", .bool(false))) }
    switch promotion.combination {
    case .none: break
    case .stackable: fields.append(Field("stackable", .bool(true)))
    case .classes(let classes): fields.append(Field("combinesWith", .strings(classes.map(\.rawValue))))
    }
    return fields
  }

  /// A target's stored form: `skus`, then `categories`, each left out when empty.
  private static func targetValue(_ target: ItemTarget) -> FieldValue {
    var members: [Field] = []
    if !target.skus.isEmpty { members.append(Field("skus", .strings(target.skus))) }
    if !target.categories.isEmpty { members.append(Field("categories", .strings(target.categories))) }
    return .object(members)
  }

  /// Appends the benefit's members, from `tiers` to `fixedPrice` in the store's order
  /// (a gift's goods come later, after `excludeDiscountedLines`).
  private static func appendBenefit(
    of promotion: Promotion, amount: (DecimalNumber) -> FieldValue, to fields: inout [Field]
  ) {
    if promotion.acrossLines, promotion.benefit.kind != .buyGet {
      fields.append(Field("acrossLines", .bool(true)))
    }
    switch promotion.benefit {
    case .percentOff(let percentage): fields.append(Field("percentOff", .string(percentage.description)))
    case .amountOff(let value): fields.append(Field("amountOff", amount(value)))
    case .fixedPrice(let value): fields.append(Field("fixedPrice", amount(value)))
    case .buyGet(let terms):
      fields.append(Field("buy", .integer(terms.buy)))
      fields.append(Field("get", .integer(terms.get)))
      if terms.acrossLines { fields.append(Field("acrossLines", .bool(true))) }
      if terms.percentOff != .hundred {
        fields.append(Field("percentOff", .string(terms.percentOff.description)))
      }
    case .bundle(let terms):
      fields.append(
        Field(
          "bundle",
          .object([Field("quantity", .integer(terms.quantity)), Field("price", amount(terms.price))])))
    case .tiers(let ladder):
      let tiers = ladder.tiers.map { tier in
        var members: [Field] = []
        switch tier.minimum {
        case .amount(let minimum): members.append(Field("minimumAmount", amount(minimum)))
        case .quantity(let units): members.append(Field("minimumQuantity", .integer(units)))
        }
        switch tier.benefit {
        case .percentOff(let percentage): members.append(Field("percentOff", .string(percentage.description)))
        case .amountOff(let value): members.append(Field("amountOff", amount(value)))
        case .fixedPrice, .buyGet, .bundle, .tiers, .gift: break  // a tier takes a percentage or a sum
        }
        return FieldValue.object(members)
      }
      fields.append(Field("tiers", .array(tiers)))
    case .gift: break
    }
  }

  /// Writes `fields` as the members of an object into `json`, on one line.
  package static func write(_ fields: [Field], into json: inout JSONWriter) {
    for field in fields {
      json.key(field.key)
      write(field.value, into: &json)
    }
  }

  private static func write(_ value: FieldValue, into json: inout JSONWriter) {
    switch value {
    case .string(let text): json.string(text)
    case .bool(let flag): json.bool(flag)
    case .integer(let number): json.integer(number)
    case .strings(let list):
      json.beginArray()
      for entry in list { json.string(entry) }
      json.endArray()
    case .object(let members):
      json.beginObject()
      write(members, into: &json)
      json.endObject()
    case .array(let elements):
      json.beginArray()
      for element in elements { write(element, into: &json) }
      json.endArray()
    }
  }

  /// Appends `value` pretty-printed, its inner lines indented one level deeper than
  /// `indent` (in steps of two spaces).
  private static func append(_ value: FieldValue, indent: Int, to text: inout String) {
    switch value {
    case .string(let string): text += quoted(string)
    case .bool(let flag): text += flag ? "true" : "false"
    case .integer(let number): text += String(number)
    case .strings(let list): appendArray(list.map(FieldValue.string), indent: indent, to: &text)
    case .object(let members):
      appendBlock("{", "}", members, indent: indent, to: &text) { member, text in
        text += quoted(member.key) + ": "
        append(member.value, indent: indent + 1, to: &text)
      }
    case .array(let elements): appendArray(elements, indent: indent, to: &text)
    }
  }

  private static func appendArray(_ elements: [FieldValue], indent: Int, to text: inout String) {
    appendBlock("[", "]", elements, indent: indent, to: &text) { element, text in
      append(element, indent: indent + 1, to: &text)
    }
  }

  /// Appends `open`, each element on a line of its own one level deeper than `indent`
  /// (written by `body`), commas between them, then `close` at `indent`; `open` and
  /// `close` together for no elements.
  private static func appendBlock<Element>(
    _ open: String, _ close: String, _ elements: [Element], indent: Int, to text: inout String,
    _ body: (Element, inout String) -> Void
  ) {
    if elements.isEmpty {
      text += open + close
      return
    }
    let inner = String(repeating: "  ", count: indent + 1)
    text += open + "\n"
    for (position, element) in elements.enumerated() {
      text += inner
      body(element, &text)
      text += position < elements.count - 1 ? ",\n" : "\n"
    }
    text += String(repeating: "  ", count: indent) + close
  }

  private static func quoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    JSONWriter.appendQuoted(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Writes a catalog in the store's canonical form (contract section 2.1): two-space
/// indentation, keys in a fixed order, promotions in the order they were added, defaults
/// left out, a final newline. The same catalog always gives the same bytes.
///
///     let text = StoreEncoder.encode(catalog)   // "{\n  \"version\": 1,\n ..."
///
/// Complexity: O(*n*) in the size of the catalog.
public enum StoreEncoder {
  /// One value of a promotion's stored form.
  public enum FieldValue: Sendable, Hashable {
    /// A JSON string.
    case string(String)
    /// A JSON boolean.
    case bool(Bool)
  }

  /// The store file's text.
  public static func encode(_ catalog: Catalog) -> String {
    var text = "{\n"
    if let schema = catalog.schema {
      text += "  " + quoted("$schema") + ": " + quoted(schema) + ",\n"
    }
    text += "  \"version\": \(Catalog.currentVersion),\n"
    if let currency = catalog.currency {
      text += "  \"currency\": " + quoted(currency.code) + ",\n"
    }
    if catalog.promotions.isEmpty {
      text += "  \"promotions\": []\n}\n"
      return text
    }
    text += "  \"promotions\": [\n"
    for (index, promotion) in catalog.promotions.enumerated() {
      text += "    {\n"
      let fields = self.fields(of: promotion, minorDigits: catalog.currency.minorDigits)
      for (position, field) in fields.enumerated() {
        text += "      " + quoted(field.key) + ": " + literal(field.value)
        text += position < fields.count - 1 ? ",\n" : "\n"
      }
      text += index < catalog.promotions.count - 1 ? "    },\n" : "    }\n"
    }
    text += "  ]\n}\n"
    return text
  }

  /// A promotion's stored form as ordered key–value pairs, defaults left out: amounts with
  /// the currency's minor digits (`"15.00"`), percentages as plain decimals (`"12.5"`),
  /// timestamps as they were written.
  public static func fields(of promotion: Promotion, minorDigits: Int) -> [(key: String, value: FieldValue)] {
    var fields: [(key: String, value: FieldValue)] = [("id", .string(promotion.id))]
    if let name = promotion.name { fields.append(("name", .string(name))) }
    fields.append(("kind", .string(promotion.kind.rawValue)))
    if let minimum = promotion.minimumAmount {
      fields.append(("minimumAmount", .string(minimum.formatted(minimumFractionDigits: minorDigits))))
    }
    switch promotion.benefit {
    case .percentOff(let percentage): fields.append(("percentOff", .string(percentage.description)))
    case .amountOff(let amount):
      fields.append(("amountOff", .string(amount.formatted(minimumFractionDigits: minorDigits))))
    }
    if let startsAt = promotion.startsAt { fields.append(("startsAt", .string(startsAt.text))) }
    if let endsAt = promotion.endsAt { fields.append(("endsAt", .string(endsAt.text))) }
    if !promotion.isActive { fields.append(("active", .bool(false))) }
    if promotion.isStackable { fields.append(("stackable", .bool(true))) }
    return fields
  }

  /// Writes `fields` as the members of an object into `json`.
  public static func write(_ fields: [(key: String, value: FieldValue)], into json: inout JSONWriter) {
    for field in fields {
      json.key(field.key)
      switch field.value {
      case .string(let text): json.string(text)
      case .bool(let flag): json.bool(flag)
      }
    }
  }

  private static func literal(_ value: FieldValue) -> String {
    switch value {
    case .string(let text): quoted(text)
    case .bool(let flag): flag ? "true" : "false"
    }
  }

  private static func quoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    JSONWriter.appendQuoted(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

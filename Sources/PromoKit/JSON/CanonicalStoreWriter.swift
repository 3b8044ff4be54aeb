/// Writes a catalog's canonical store bytes straight into one byte buffer: the same bytes
/// as ``StoreEncoder/encode(_:)`` (the tests hold the two together on random catalogs),
/// without the intermediate fields and strings, for the commands that rewrite a large store.
///
///     let bytes = CanonicalStoreWriter.bytes(of: catalog)
///
/// Complexity: O(*n*) in the size of the output.
enum CanonicalStoreWriter {
  /// The canonical store file of `catalog`, as UTF-8 bytes.
  static func bytes(of catalog: Catalog) -> [UInt8] {
    var writer = Writer()
    writer.out.reserveCapacity(64 + catalog.promotions.count * 160)
    writer.raw("{\n")
    if let schema = catalog.schema {
      writer.raw("  \"$schema\": ")
      writer.quoted(schema)
      writer.raw(",\n")
    }
    writer.raw("  \"version\": ")
    writer.integer(Int64(catalog.formatVersion))
    writer.raw(",\n")
    if let currency = catalog.currency {
      writer.raw("  \"currency\": ")
      writer.quoted(currency.code)
      writer.raw(",\n")
    }
    writer.raw("  \"promotions\": ")
    if catalog.promotions.isEmpty {
      writer.raw("[]")
    } else {
      writer.raw("[\n")
      let digits = catalog.currency.minorDigits
      for (position, promotion) in catalog.promotions.enumerated() {
        writer.promotion(promotion, minorDigits: digits)
        writer.raw(position < catalog.promotions.count - 1 ? ",\n" : "\n")
      }
      writer.raw("  ]")
    }
    writer.raw("\n}\n")
    return writer.out
  }

  private struct Writer {
    var out: [UInt8] = []
    /// Whether the current object has a member yet.
    var hasMember = false

    mutating func raw(_ text: StaticString) {
      text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    mutating func quoted(_ text: String) {
      JSONWriter.appendQuoted(text, to: &out)
    }

    mutating func integer(_ value: Int64) {
      out.append(contentsOf: String(value).utf8)
    }

    /// Starts a member at the promotion's depth (three levels: six spaces).
    mutating func key(_ key: StaticString, depth: Int = 3) {
      raw(hasMember ? ",\n" : "\n")
      hasMember = true
      for _ in 0..<depth { raw("  ") }
      out.append(UInt8(ascii: "\""))
      raw(key)
      raw("\": ")
    }

    mutating func string(_ key: StaticString, _ value: String) {
      self.key(key)
      quoted(value)
    }

    mutating func amount(_ key: StaticString, _ value: DecimalNumber, minorDigits: Int) {
      self.key(key)
      out.append(UInt8(ascii: "\""))
      out.append(contentsOf: value.formatted(minimumFractionDigits: minorDigits).utf8)
      out.append(UInt8(ascii: "\""))
    }

    mutating func number(_ key: StaticString, _ value: Int64) {
      self.key(key)
      integer(value)
    }

    mutating func flag(_ key: StaticString, _ value: Bool) {
      self.key(key)
      raw(value ? "true" : "false")
    }

    /// An array of strings, one per line, at `depth` (its closing bracket's).
    mutating func strings(_ list: [String], depth: Int) {
      if list.isEmpty {
        raw("[]")
        return
      }
      raw("[\n")
      for (position, entry) in list.enumerated() {
        for _ in 0...depth { raw("  ") }
        quoted(entry)
        raw(position < list.count - 1 ? ",\n" : "\n")
      }
      for _ in 0..<depth { raw("  ") }
      raw("]")
    }

    mutating func promotion(_ promotion: Promotion, minorDigits: Int) {
      raw("    {")
      hasMember = false
      string("id", promotion.id)
      if let name = promotion.name { string("name", name) }
      string("kind", promotion.kind.rawValue)
      if let code = promotion.code { string("code", code) }
      if let groups = promotion.customerGroups {
        key("customerGroups")
        strings(groups.names, depth: 3)
      }
      if let target = promotion.target {
        key("target")
        if target.skus.isEmpty && target.categories.isEmpty {
          raw("{}")
        } else {
          raw("{")
          hasMember = false
          if !target.skus.isEmpty {
            key("skus", depth: 4)
            strings(target.skus, depth: 4)
          }
          if !target.categories.isEmpty {
            key("categories", depth: 4)
            strings(target.categories, depth: 4)
          }
          raw("\n      }")
          hasMember = true
        }
      }
      if let minimum = promotion.minimumAmount { amount("minimumAmount", minimum, minorDigits: minorDigits) }
      if let units = promotion.minimumQuantity { number("minimumQuantity", units) }
      if promotion.repeats { flag("repeat", true) }
      switch promotion.benefit {
      case .percentOff(let percentage): string("percentOff", percentage.description)
      case .amountOff(let value): amount("amountOff", value, minorDigits: minorDigits)
      case .fixedPrice(let value): amount("fixedPrice", value, minorDigits: minorDigits)
      case .buyGet(let terms):
        number("buy", terms.buy)
        number("get", terms.get)
        if terms.acrossLines { flag("acrossLines", true) }
        if terms.percentOff != .hundred { string("percentOff", terms.percentOff.description) }
      }
      if let cap = promotion.maximumDiscount { amount("maximumDiscount", cap, minorDigits: minorDigits) }
      if let units = promotion.maximumQuantity { number("maximumQuantity", units) }
      if let startsAt = promotion.startsAt { string("startsAt", startsAt.text) }
      if let endsAt = promotion.endsAt { string("endsAt", endsAt.text) }
      if !promotion.isActive { flag("active", false) }
      if promotion.isStackable { flag("stackable", true) }
      raw("\n    }")
    }
  }
}

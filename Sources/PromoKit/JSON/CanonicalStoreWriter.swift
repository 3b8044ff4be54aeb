/// Writes a catalog's canonical store bytes straight from the model: the same bytes as
/// ``StoreEncoder/encode(_:)`` (the tests hold the two together on random catalogs),
/// without the intermediate fields and strings, for the commands that rewrite a large store.
///
///     try CanonicalStoreWriter.write(catalog) { chunk in try file.write(chunk) }
///
/// - Complexity: O(*n*) in the size of the output.
enum CanonicalStoreWriter {
  /// The size of the chunks ``write(_:inChunksOf:to:)`` hands over: 1 MiB.
  static let chunkSize = 1 << 20

  /// The canonical store file of `catalog`, as UTF-8 bytes.
  static func bytes(of catalog: Catalog) -> [UInt8] {
    var bytes: [UInt8] = []
    write(catalog) { chunk in bytes.append(contentsOf: chunk) }
    return bytes
  }

  /// Hands `sink` the canonical store file of `catalog`, in order, in chunks of about
  /// `chunkSize` bytes (a promotion is never split), each valid only during its call: the
  /// file is written from one small buffer, never held whole (17 MiB for a store of
  /// 100,000 named promotions, every page of it touched for the first time).
  static func write<Failure: Error>(
    _ catalog: Catalog, inChunksOf chunkSize: Int = chunkSize,
    to sink: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
  ) throws(Failure) {
    var writer = Writer(capacity: chunkSize + 4096)
    defer { writer.storage.deallocate() }
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
    if catalog.rounding != .halfUp {
      writer.raw("  \"rounding\": ")
      writer.quoted(catalog.rounding.rawValue)
      writer.raw(",\n")
    }
    writer.raw("  \"promotions\": ")
    if catalog.promotions.isEmpty {
      writer.raw("[]")
    } else {
      writer.raw("[\n")
      let digits = catalog.currency.minorDigits
      var next = 0
      while next < catalog.promotions.count {
        // Each promotion is read in place, never copied, until the chunk is full.
        next = catalog.promotions.withUnsafeBufferPointer { promotions in
          var position = next
          while position < promotions.count, writer.count < chunkSize {
            writer.promotion(promotions[position], minorDigits: digits)
            writer.raw(position < promotions.count - 1 ? ",\n" : "\n")
            position += 1
          }
          return position
        }
        if writer.count >= chunkSize { try writer.flush(to: sink) }
      }
      writer.raw("  ]")
    }
    writer.raw("\n}\n")
    try writer.flush(to: sink)
  }

  /// Bytes written into memory it manages itself: appending a few bytes is a bounds check
  /// and a copy, without the general machinery of `Array.append(contentsOf:)`.
  private struct Writer {
    var storage: UnsafeMutablePointer<UInt8>
    var count = 0
    var capacity: Int

    init(capacity: Int) {
      self.capacity = max(capacity, 64)
      storage = .allocate(capacity: self.capacity)
    }

    /// Appends `length` bytes from `source` (inlined, so that a literal's length is known
    /// and its copy is a few moves).
    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>, _ length: Int) {
      if count + length > capacity { grow(to: count + length) }
      (storage + count).update(from: source, count: length)
      count += length
    }

    /// Hands `sink` the bytes written so far, and starts again from none.
    mutating func flush<Failure: Error>(
      to sink: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
      let written = UnsafeBufferPointer(start: storage, count: count)
      count = 0
      try sink(written)
    }

    /// Makes room for at least `needed` bytes.
    mutating func grow(to needed: Int) {
      let grown = max(capacity * 2, needed)
      let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
      larger.update(from: storage, count: count)
      storage.deallocate()
      storage = larger
      capacity = grown
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
      if count == capacity { grow(to: count + 1) }
      storage[count] = value
      count += 1
    }

    @inline(__always)
    mutating func raw(_ text: StaticString) {
      append(text.utf8Start, text.utf8CodeUnitCount)
    }

    /// A JSON string: its bytes copied as they are when the JSON writer would copy them
    /// (``JSONWriter/needsCare(_:)``: a name in Chinese too), else written by it.
    mutating func quoted(_ text: String) {
      let copied: Bool? = text.utf8.withContiguousStorageIfAvailable { quotedAsIs($0) }
      if copied != true { escaped(text) }
    }

    /// A JSON string of the UTF-8 `bytes` (valid), as ``quoted(_:)`` writes it.
    mutating func quoted(utf8 bytes: UnsafeBufferPointer<UInt8>) {
      if !quotedAsIs(bytes) { escaped(String(decoding: bytes, as: UTF8.self)) }
    }

    /// Writes `utf8` quoted as it is and returns `true`, unless one of its bytes needs the
    /// JSON writer's care (then writes nothing).
    private mutating func quotedAsIs(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
      for byte in utf8 where JSONWriter.needsCare(byte) { return false }
      byte(UInt8(ascii: "\""))
      if let base = utf8.baseAddress { append(base, utf8.count) }
      byte(UInt8(ascii: "\""))
      return true
    }

    /// `text` quoted and escaped by the JSON writer.
    private mutating func escaped(_ text: String) {
      var escaped: [UInt8] = []
      JSONWriter.appendQuoted(text, to: &escaped)
      escaped.withUnsafeBufferPointer { append($0.baseAddress!, $0.count) }
    }

    mutating func integer(_ value: Int64) {
      var text = String(value)
      text.withUTF8 { append($0.baseAddress!, $0.count) }
    }

    /// The text of ``DecimalNumber/formatted(minimumFractionDigits:)``, written as bytes.
    mutating func decimal(_ value: DecimalNumber, minimumFractionDigits: Int) {
      let written: Void? = value.withPlainText(minimumFractionDigits: minimumFractionDigits) {
        append($0.baseAddress!, $0.count)
      }
      if written == nil {
        var text = value.formatted(minimumFractionDigits: minimumFractionDigits)
        text.withUTF8 { append($0.baseAddress!, $0.count) }
      }
    }

    /// Starts a member of a promotion (after its first, `id`): a comma, a new line at the
    /// promotion's depth (six spaces), the key.
    mutating func key(_ key: StaticString) {
      raw(",\n      \"")
      raw(key)
      raw("\": ")
    }

    /// A timestamp's text, written as it is (it needs no escape), without making a string.
    mutating func timestamp(_ key: StaticString, _ value: Timestamp) {
      self.key(key)
      byte(UInt8(ascii: "\""))
      value.withText { append($0.baseAddress!, $0.count) }
      byte(UInt8(ascii: "\""))
    }

    mutating func string(_ key: StaticString, _ value: String) {
      self.key(key)
      quoted(value)
    }

    mutating func amount(_ key: StaticString, _ value: DecimalNumber, minorDigits: Int) {
      self.key(key)
      byte(UInt8(ascii: "\""))
      decimal(value, minimumFractionDigits: minorDigits)
      byte(UInt8(ascii: "\""))
    }

    mutating func percentage(_ value: Percentage) {
      self.key("percentOff")
      byte(UInt8(ascii: "\""))
      decimal(value.decimal, minimumFractionDigits: 0)
      byte(UInt8(ascii: "\""))
    }

    mutating func number(_ key: StaticString, _ value: Int64) {
      self.key(key)
      integer(value)
    }

    mutating func flag(_ key: StaticString, _ value: Bool) {
      self.key(key)
      raw(value ? "true" : "false")
    }

    /// An array of strings, one per line, its closing bracket at `depth` (levels of two
    /// spaces: 3 for a promotion's member, 4 for a target's).
    mutating func strings(_ list: [String], depth: Int) {
      if list.isEmpty {
        raw("[]")
        return
      }
      raw("[\n")
      for (position, entry) in list.enumerated() {
        raw(depth == 3 ? "        " : "          ")
        quoted(entry)
        raw(position < list.count - 1 ? ",\n" : "\n")
      }
      raw(depth == 3 ? "      ]" : "        ]")
    }

    mutating func promotion(_ promotion: Promotion, minorDigits: Int) {
      // `id` is always first.
      raw("    {\n      \"id\": ")
      quoted(promotion.id)
      // (The name's bytes as stored: no string made of each.)
      if let name = promotion.storedName {
        key("name")
        name.withUTF8 { quoted(utf8: $0) }
      }
      string("kind", promotion.kind.rawValue)
      if let code = promotion.code { string("code", code) }
      if let groups = promotion.customerGroups {
        key("customerGroups")
        strings(groups.names, depth: 3)
      }
      if let target = promotion.target { self.target(target, key: "target") }
      if let target = promotion.getTarget { self.target(target, key: "getTarget") }
      if let layer = promotion.writtenLayer { number("layer", Int64(layer)) }
      if let minimum = promotion.minimumAmount { amount("minimumAmount", minimum, minorDigits: minorDigits) }
      if let units = promotion.minimumQuantity { number("minimumQuantity", units) }
      if promotion.repeats { flag("repeat", true) }
      benefit(of: promotion, minorDigits: minorDigits)
      if let cap = promotion.maximumDiscount { amount("maximumDiscount", cap, minorDigits: minorDigits) }
      if let units = promotion.maximumQuantity { number("maximumQuantity", units) }
      if promotion.excludesDiscountedLines { flag("excludeDiscountedLines", true) }
      if case .gift(let goods) = promotion.benefit { gift(goods) }
      if let startsAt = promotion.startsAt { timestamp("startsAt", startsAt) }
      if let endsAt = promotion.endsAt { timestamp("endsAt", endsAt) }
      if !promotion.isActive { flag("active", false) }
      switch promotion.combination {
      case .none: break
      case .stackable: flag("stackable", true)
      case .classes(let classes):
        key("combinesWith")
        strings(classes.map(\.rawValue), depth: 3)
      }
      raw("\n    }")
    }

    /// The benefit's members, from `tiers` to `fixedPrice` (a gift's goods come later).
    mutating func benefit(of promotion: Promotion, minorDigits: Int) {
      if promotion.acrossLines, promotion.benefit.kind != .buyGet { flag("acrossLines", true) }
      switch promotion.benefit {
      case .percentOff(let percentage): self.percentage(percentage)
      case .amountOff(let value): amount("amountOff", value, minorDigits: minorDigits)
      case .fixedPrice(let value): amount("fixedPrice", value, minorDigits: minorDigits)
      case .buyGet(let terms):
        number("buy", terms.buy)
        number("get", terms.get)
        if terms.acrossLines { flag("acrossLines", true) }
        if terms.percentOff != .hundred { self.percentage(terms.percentOff) }
      case .bundle(let terms):
        key("bundle")
        raw("{\n        \"quantity\": ")
        integer(terms.quantity)
        raw(",\n        \"price\": \"")
        decimal(terms.price, minimumFractionDigits: minorDigits)
        raw("\"\n      }")
      case .tiers(let ladder): tiers(ladder, minorDigits: minorDigits)
      case .gift: break
      }
    }

    /// A ladder of tiers: one object per tier, its minimum then its benefit.
    mutating func tiers(_ ladder: TierLadder, minorDigits: Int) {
      key("tiers")
      raw("[\n")
      for (position, tier) in ladder.tiers.enumerated() {
        raw("        {\n          ")
        switch tier.minimum {
        case .amount(let minimum):
          raw("\"minimumAmount\": \"")
          decimal(minimum, minimumFractionDigits: minorDigits)
          raw("\"")
        case .quantity(let units):
          raw("\"minimumQuantity\": ")
          integer(units)
        }
        raw(",\n          ")
        switch tier.benefit {
        case .percentOff(let percentage):
          raw("\"percentOff\": \"")
          decimal(percentage.decimal, minimumFractionDigits: 0)
          raw("\"")
        case .amountOff(let value):
          raw("\"amountOff\": \"")
          decimal(value, minimumFractionDigits: minorDigits)
          raw("\"")
        case .fixedPrice, .buyGet, .bundle, .tiers, .gift: break  // a tier takes a percentage or a sum
        }
        raw(position < ladder.tiers.count - 1 ? "\n        },\n" : "\n        }\n")
      }
      raw("      ]")
    }

    /// A gift's goods: `sku`, `quantity`, then `name` when it has one.
    mutating func gift(_ goods: GiftGoods) {
      key("gift")
      raw("{\n        \"sku\": ")
      quoted(goods.sku)
      raw(",\n        \"quantity\": ")
      integer(goods.quantity)
      if let name = goods.name {
        raw(",\n        \"name\": ")
        quoted(name)
      }
      raw("\n      }")
    }

    /// A target (`target` or `getTarget`): `skus`, then `categories`, each left out when
    /// empty.
    mutating func target(_ target: ItemTarget, key name: StaticString) {
      key(name)
      if target.skus.isEmpty && target.categories.isEmpty {
        raw("{}")
        return
      }
      raw("{")
      if !target.skus.isEmpty {
        raw("\n        \"skus\": ")
        strings(target.skus, depth: 4)
      }
      if !target.categories.isEmpty {
        raw(target.skus.isEmpty ? "\n        \"categories\": " : ",\n        \"categories\": ")
        strings(target.categories, depth: 4)
      }
      raw("\n      }")
    }
  }
}

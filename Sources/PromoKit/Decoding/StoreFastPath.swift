/// Decodes the plain, valid shape of a promotion store straight from its bytes into the
/// model, without building a JSON tree first: what every command pays to read the store.
///
/// It accepts only what it is sure ``StoreDecoder`` accepts, and builds the same
/// ``Catalog``: a top-level object with `version` before `promotions` and `promotions`
/// last; known, distinct keys; strings of valid UTF-8 without control characters (escapes
/// are read in names, codes, groups, targets, timestamps and `$schema`; keys, kinds, ids
/// and decimals have none); numbers in the JSON grammar; every promotion passing the rules
/// of its version (``FastPromotionRules`` for the common shapes, else ``PromotionDraft``,
/// the rules the full decoder applies); distinct ids. On anything else (an error, an
/// escape where none is read, `null`, a key out of that order, a version problem) it
/// returns `nil`, and the full decoder decides, with its located messages. The tests hold
/// the two to the same results on random and damaged stores.
///
/// - Complexity: O(*b*) for *b* bytes, with one hash of each id.
enum StoreFastPath {
  /// The catalog in `bytes`, or `nil` when the full decoder must look at it.
  static func decode(_ bytes: [UInt8]) -> Catalog? {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = Reader(cursor: ByteCursor(buffer))
      return reader.catalog()
    }
  }

  /// Reads a store with a ``ByteCursor``; every method returns `nil` (or `false`) to give
  /// up.
  struct Reader {
    var cursor: ByteCursor
    /// Where each promotion's id is, to find an id used twice once all are read.
    var ids: [Range<Int>] = []
    /// The names of the promotions read, in one buffer.
    var names = PromotionNames(capacity: 0)
    /// The name of the promotion being read, once its `name` is.
    var pendingName: PromotionName?

    /// A promotion kind, matched from its bytes.
    mutating func kind() -> PromotionKind? {
      guard let slice = cursor.plainString() else { return nil }
      // Told apart by length and first byte, then compared with the kind's name.
      let kind: PromotionKind
      switch (slice.count, slice.first) {
      case (8, UInt8(ascii: "d")): kind = .discount
      case (9, _): kind = .threshold
      case (4, UInt8(ascii: "i")): kind = .item
      case (4, UInt8(ascii: "g")): kind = .gift
      case (8, UInt8(ascii: "s")): kind = .shipping
      default: return nil
      }
      switch kind {
      case .discount: return ByteCursor.equal(slice, "discount") ? kind : nil
      case .threshold: return ByteCursor.equal(slice, "threshold") ? kind : nil
      case .item: return ByteCursor.equal(slice, "item") ? kind : nil
      case .shipping: return ByteCursor.equal(slice, "shipping") ? kind : nil
      case .gift: return ByteCursor.equal(slice, "gift") ? kind : nil
      }
    }

    /// A list of class names (`combinesWith`), told apart by length and compared with the
    /// name, without making strings; `nil` for anything else (the full decoder's to report).
    mutating func classes() -> [PromotionClass]? {
      guard cursor.take(UInt8(ascii: "[")) else { return nil }
      var classes: [PromotionClass] = []
      if cursor.take(UInt8(ascii: "]")) { return classes }
      repeat {
        guard let slice = cursor.plainString() else { return nil }
        switch slice.count {
        case 4 where ByteCursor.equal(slice, "item"): classes.append(.item)
        case 5 where ByteCursor.equal(slice, "order"): classes.append(.order)
        case 8 where ByteCursor.equal(slice, "shipping"): classes.append(.shipping)
        default: return nil
        }
      } while cursor.take(UInt8(ascii: ","))
      return cursor.take(UInt8(ascii: "]")) ? classes : nil
    }

    /// The whole store: `$schema`, `version` and `currency` in any order, then
    /// `promotions` last, and nothing after the object.
    mutating func catalog() -> Catalog? {
      guard cursor.take(UInt8(ascii: "{")) else { return nil }
      var version: Int?
      var currency: Currency?
      var schema: String?
      var rounding = PercentageRounding.halfUp
      var seen: (schema: Bool, currency: Bool, rounding: Bool) = (false, false, false)
      var promotions: [Promotion]?
      repeat {
        // `promotions` comes last: the version and currency it is read with are known.
        guard promotions == nil, let key = cursor.key() else { return nil }
        if ByteCursor.equal(key, "$schema"), !seen.schema {
          seen.schema = true
          guard let url = cursor.text() else { return nil }
          schema = url
        } else if ByteCursor.equal(key, "version"), version == nil {
          guard let literal = cursor.numberLiteral(), literal.count == 1,
            let digit = literal.first, digit >= 48 + UInt8(Catalog.supportedVersions.lowerBound),
            digit <= 48 + UInt8(Catalog.supportedVersions.upperBound)
          else { return nil }
          version = Int(digit - 48)
        } else if ByteCursor.equal(key, "currency"), !seen.currency {
          seen.currency = true
          guard let code = cursor.text(), let valid = try? Currency(code: code) else { return nil }
          currency = valid
        } else if ByteCursor.equal(key, "rounding"), !seen.rounding, let version, version >= 4 {
          seen.rounding = true
          guard let text = cursor.text(), let rule = PercentageRounding(rawValue: text) else { return nil }
          rounding = rule
        } else if ByteCursor.equal(key, "promotions"), let version {
          promotions = self.promotions(version: version, currency: currency)
          if promotions == nil { return nil }
        } else {
          return nil
        }
      } while cursor.take(UInt8(ascii: ","))
      guard cursor.take(UInt8(ascii: "}")), let version, let promotions else { return nil }
      cursor.skipWhitespace()
      guard cursor.isAtEnd, idsAreDistinct() else { return nil }
      return Catalog(
        version: version, currency: currency, checkedPromotions: promotions, schema: schema,
        rounding: rounding)
    }

    /// The array of promotions of a store of `version` in `currency`.
    ///
    /// - Complexity: O(*b*) for the *b* bytes of the array.
    mutating func promotions(version: Int, currency: Currency?) -> [Promotion]? {
      guard cursor.take(UInt8(ascii: "[")) else { return nil }
      var promotions: [Promotion] = []
      if cursor.take(UInt8(ascii: "]")) { return promotions }
      // A promotion takes at least 40 bytes, so the array never grows (a copy of it all,
      // and twice its memory for a moment); the pages of the capacity left over are never
      // touched, so they take no memory.
      let most = (cursor.bytes.count - cursor.index) / 40 + 1
      promotions.reserveCapacity(most)
      HugePages.adviseUnusedCapacity(of: &promotions)
      ids.reserveCapacity(most)
      // (Names are rarely a quarter of a store's bytes: more only grows the buffer.)
      names = PromotionNames(capacity: (cursor.bytes.count - cursor.index) / 4)
      // The keys of a later version than the store's, as a set of key bits (`target` is
      // told by the kind it is on).
      var laterKeys: UInt32 = 0
      for key in PromotionKey.allCases where key != .target && PromotionKey.versions[key.rawValue] > version {
        laterKeys |= key.bit
      }
      repeat {
        guard let promotion = promotion(version: version, currency: currency, laterKeys: laterKeys) else {
          return nil
        }
        promotions.append(promotion)
      } while cursor.take(UInt8(ascii: ","))
      // The names' bytes are checked all at once (a name that is not UTF-8 is the full
      // decoder's to report).
      return cursor.take(UInt8(ascii: "]")) && names.finish() ? promotions : nil
    }

    /// One promotion that breaks no rule of the store's `version` (it has none of
    /// `laterKeys`, the keys of later versions but `target`, whose version depends on the
    /// kind), read into a draft and built by the first of these that is sure of it: the
    /// rules of the plain shape when it has only the keys of ``plainKeys``
    /// (``FastPromotionRules/plainPromotion(id:name:kind:minimumAmount:percentOff:amountOff:fixedPrice:maximumDiscount:startsAt:endsAt:isActive:isStackable:digits:)``),
    /// those of the common shapes (``FastPromotionRules/promotion(of:currency:)``), or the
    /// draft's own.
    mutating func promotion(version: Int, currency: Currency?, laterKeys: UInt32) -> Promotion? {
      cursor.skipWhitespace()
      let start = cursor.index
      let idCount = ids.count
      let namesStart = names.byteCount
      pendingName = nil
      var draft = PromotionDraft()
      var seen: UInt32 = 0
      if !canonicalMembers(into: &draft, seen: &seen) {
        // Laid out otherwise: read again, key by key, whatever the layout and key order.
        cursor.index = start
        ids.removeSubrange(idCount...)
        names.removeNames(from: namesStart)
        pendingName = nil
        draft = PromotionDraft()
        seen = 0
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        repeat {
          guard let text = cursor.key(), let key = PromotionKey(text), seen & key.bit == 0 else { return nil }
          seen |= key.bit
          guard read(key, into: &draft) else { return nil }
        } while cursor.take(UInt8(ascii: ","))
        guard cursor.take(UInt8(ascii: "}")) else { return nil }
      }
      guard let kind = draft.kind else { return nil }
      // A field or kind of a later version is the full decoder's to report.
      if seen & laterKeys != 0 || kind.introducedInVersion > version { return nil }
      let target = PromotionKey.target.bit
      if seen & target != 0, StoreDecoder.versionNeeded(for: "target", kind: kind) > version { return nil }
      if !Self.keysAreSure(seen, of: draft, version: version) { return nil }
      if seen & ~Self.plainKeys == 0, draft.id != nil,
        let benefit = FastPromotionRules.plainBenefit(
          kind: kind, minimumAmount: draft.minimumAmount, percentOff: draft.percentOff,
          amountOff: draft.amountOff, fixedPrice: draft.fixedPrice, maximumDiscount: draft.maximumDiscount,
          startsAt: draft.startsAt?.instant, endsAt: draft.endsAt?.instant, digits: currency.minorDigits)
      {
        // The draft's strings and bounds are moved into the promotion, not copied: the
        // draft is done with.
        return Promotion(
          valid: draft.id.take()!, storedName: pendingName, kind: kind, code: nil, customerGroups: nil,
          target: nil, minimumAmount: draft.minimumAmount, minimumQuantity: nil, repeats: false,
          benefit: benefit,
          maximumDiscount: draft.maximumDiscount, maximumQuantity: nil, startsAt: draft.startsAt.take(),
          endsAt: draft.endsAt.take(), isActive: draft.isActive, isStackable: draft.isStackable)
      }
      // Most promotions are of a shape whose rules are checked directly; any other is
      // built (or refused) by the draft's own rules.
      guard
        var promotion = FastPromotionRules.promotion(of: draft, currency: currency)
          ?? (try? draft.promotion(currency: .some(currency)))
      else { return nil }
      promotion.storedName = pendingName
      return promotion
    }

    /// Reads a promotion laid out exactly as the canonical writer lays it out (its keys in
    /// the order of ``PromotionKey``'s cases, which is the canonical order, each on its own
    /// line at the promotion's depth) into `draft`, its keys into `seen`: each key is told
    /// by comparing its bytes with the next keys of the order, not scanned and looked up.
    /// Its values are read as in any other layout (``read(_:into:)``). `false`, the cursor
    /// and `ids` left anywhere, for any other layout.
    ///
    /// - Complexity: O(*b* + *k*) for the *b* bytes of the promotion and the *k* keys.
    mutating func canonicalMembers(into draft: inout PromotionDraft, seen: inout UInt32) -> Bool {
      guard cursor.takeLiteral("{\n      \""), cursor.takeLiteral(PromotionKey.id.memberText),
        read(.id, into: &draft)
      else { return false }
      seen = PromotionKey.id.bit
      var next = PromotionKey.id.rawValue + 1
      while cursor.takeLiteral(",\n      \"") {
        while true {
          guard let key = PromotionKey(rawValue: next) else { return false }
          next += 1
          if cursor.takeLiteral(key.memberText) {
            guard read(key, into: &draft) else { return false }
            seen |= key.bit
            break
          }
        }
      }
      return cursor.takeLiteral("\n    }")
    }

    /// Whether the keys as written leave nothing for the full decoder to report that a
    /// draft cannot see: `acrossLines` on a deal that is not a buy/get in a store before
    /// version 4, `stackable` beside `combinesWith` or on a gift, `"acrossLines": false`
    /// beside a `getTarget`.
    static func keysAreSure(_ seen: UInt32, of draft: PromotionDraft, version: Int) -> Bool {
      func has(_ key: PromotionKey) -> Bool { seen & key.bit != 0 }
      let acrossLinesIsFormat4 = draft.kind == .item && !has(.buy) && !has(.get) && has(.maximumQuantity)
      if has(.acrossLines),
        StoreDecoder.versionNeeded(
          for: "acrossLines", kind: draft.kind, acrossLinesIsFormat4: acrossLinesIsFormat4) > version
      {
        return false
      }
      if has(.stackable) && (has(.combinesWith) || draft.kind == .gift) { return false }
      return !(has(.getTarget) && has(.acrossLines) && !draft.acrossLines)
    }

    /// The keys of the plain shape, as a set of key bits.
    static var plainKeys: UInt32 {
      PromotionKey.id.bit | PromotionKey.name.bit | PromotionKey.kind.bit | PromotionKey.minimumAmount.bit
        | PromotionKey.percentOff.bit | PromotionKey.amountOff.bit | PromotionKey.fixedPrice.bit
        | PromotionKey.maximumDiscount.bit | PromotionKey.startsAt.bit | PromotionKey.endsAt.bit
        | PromotionKey.active.bit | PromotionKey.stackable.bit
    }

    /// Reads the value of `key` into `draft`; `false` gives up.
    @inline(__always)
    mutating func read(_ key: PromotionKey, into draft: inout PromotionDraft) -> Bool {
      switch key {
      case .id:
        // An id is read without escapes, so that ids compare as their bytes.
        cursor.skipWhitespace()
        let start = cursor.index
        // An invalid id is the full decoder's to report; a valid one is plain ASCII.
        guard let id = cursor.plainString(), ByteCursor.isIDName(id, maximumLength: Promotion.maximumIDLength)
        else { return false }
        // Valid ids are ASCII: the string is built in place (inside itself when short),
        // without the decoder's validation passes.
        let utf8 = UnsafeBufferPointer(rebasing: id)
        draft.id = String(unsafeUninitializedCapacity: utf8.count) { $0.initialize(fromContentsOf: utf8) }
        ids.append(start..<cursor.index)
      case .name:
        // Into the store's buffer of names, not a string of its own (``PromotionNames``).
        guard let raw = cursor.rawString() else { return false }
        if raw.isEscaped {
          guard var text = ByteCursor.unescaped(raw.bytes) else { return false }
          pendingName = text.withUTF8 { names.add($0) }
        } else {
          pendingName = names.add(UnsafeBufferPointer(rebasing: raw.bytes))
        }
      case .kind: return read(kind(), into: &draft.kind)
      case .code: return read(cursor.text(), into: &draft.code)
      case .customerGroups: return read(cursor.strings(), into: &draft.customerGroups)
      case .target: return read(target(), into: &draft.target)
      case .getTarget: return read(target(), into: &draft.getTarget)
      case .layer:
        return read(
          cursor.integer(in: 1...Int64(Promotion.allowedLayers.upperBound)).map { Int($0) },
          into: &draft.layer)
      case .tiers: return read(tiers(), into: &draft.tiers)
      case .bundle: return read(bundle(), into: &draft.bundle)
      case .excludeDiscountedLines: return read(cursor.bool(), into: &draft.excludesDiscountedLines)
      case .gift: return read(gift(), into: &draft.gift)
      case .combinesWith: return read(classes(), into: &draft.combinesWith)
      case .minimumAmount: return read(cursor.decimal(), into: &draft.minimumAmount)
      case .minimumQuantity:
        return read(cursor.integer(in: Promotion.allowedQuantities), into: &draft.minimumQuantity)
      case .repeats: return read(cursor.bool(), into: &draft.repeats)
      case .buy: return read(cursor.integer(in: BuyGet.allowedCounts), into: &draft.buy)
      case .get: return read(cursor.integer(in: BuyGet.allowedCounts), into: &draft.get)
      case .acrossLines: return read(cursor.bool(), into: &draft.acrossLines)
      case .percentOff: return read(cursor.decimal(), into: &draft.percentOff)
      case .amountOff: return read(cursor.decimal(), into: &draft.amountOff)
      case .fixedPrice: return read(cursor.decimal(), into: &draft.fixedPrice)
      case .maximumDiscount: return read(cursor.decimal(), into: &draft.maximumDiscount)
      case .maximumQuantity:
        return read(cursor.integer(in: Promotion.allowedQuantities), into: &draft.maximumQuantity)
      case .startsAt: return read(timestamp(), into: &draft.startsAt)
      case .endsAt: return read(timestamp(), into: &draft.endsAt)
      case .active: return read(cursor.bool(), into: &draft.isActive)
      case .stackable: return read(cursor.bool(), into: &draft.isStackable)
      }
      return true
    }

    /// Stores a value read into its field of the draft; `false` (giving up) when none was.
    @inline(__always)
    func read<Value>(_ value: Value?, into field: inout Value?) -> Bool {
      guard let value else { return false }
      field = value
      return true
    }

    /// Stores a value read into its field of the draft; `false` (giving up) when none was.
    @inline(__always)
    func read<Value>(_ value: Value?, into field: inout Value) -> Bool {
      guard let value else { return false }
      field = value
      return true
    }

    /// A timestamp: an RFC 3339 string with an explicit offset, read from its bytes (a
    /// string is made of them only when they are not in the usual form).
    mutating func timestamp() -> Timestamp? {
      guard let string = cursor.rawString() else { return nil }
      guard !string.isEscaped else {
        return ByteCursor.unescaped(string.bytes).flatMap { try? Timestamp(parsing: $0) }
      }
      return try? Timestamp(parsing: UnsafeBufferPointer(rebasing: string.bytes))
    }

    /// Whether no two promotions share an id (ids of valid promotions are ASCII, so their
    /// bytes compare as their strings do): one FNV-1a hash of each, open addressing.
    func idsAreDistinct() -> Bool {
      guard ids.count > 1 else { return true }
      let bytes = cursor.bytes
      var capacity = 4
      while capacity < ids.count * 2 { capacity <<= 1 }
      var slots = [Int32](repeating: -1, count: capacity)
      let mask = capacity - 1
      for (number, range) in ids.enumerated() {
        // The id's bytes, inside its quotes.
        let id = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while slots[slot] >= 0 {
          let other = ids[Int(slots[slot])]
          if bytes[(other.lowerBound + 1)..<(other.upperBound - 1)].elementsEqual(id) { return false }
          slot = (slot + 1) & mask
        }
        slots[slot] = Int32(number)
      }
      return true
    }
  }
}

import PromoLibc

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
/// Complexity: O(*b*) for *b* bytes, with one hash of each id.
enum StoreFastPath {
  /// The catalog in `bytes`, or `nil` when the full decoder must look at it.
  static func decode(_ bytes: [UInt8]) -> Catalog? {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = Reader(bytes: buffer)
      return reader.catalog()
    }
  }

  /// Whether `bytes` are those of `literal`.
  @inline(__always)
  static func equal(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard bytes.count == count else { return false }
    guard let base = bytes.base.baseAddress else { return count == 0 }
    return memcmp(base + bytes.startIndex, literal.utf8Start, count) == 0
  }

  /// The keys of a promotion, in the order the store writes them (the tests hold
  /// ``names`` to ``StoreDecoder/promotionKeys``).
  enum PromotionKey: Int, CaseIterable {
    case id, name, kind, code, customerGroups, target, minimumAmount, minimumQuantity, repeats
    case buy, get, acrossLines, percentOff, amountOff, fixedPrice, maximumDiscount, maximumQuantity
    case startsAt, endsAt, active, stackable

    /// The key as written.
    var literal: StaticString {
      switch self {
      case .id: "id"
      case .name: "name"
      case .kind: "kind"
      case .code: "code"
      case .customerGroups: "customerGroups"
      case .target: "target"
      case .minimumAmount: "minimumAmount"
      case .minimumQuantity: "minimumQuantity"
      case .repeats: "repeat"
      case .buy: "buy"
      case .get: "get"
      case .acrossLines: "acrossLines"
      case .percentOff: "percentOff"
      case .amountOff: "amountOff"
      case .fixedPrice: "fixedPrice"
      case .maximumDiscount: "maximumDiscount"
      case .maximumQuantity: "maximumQuantity"
      case .startsAt: "startsAt"
      case .endsAt: "endsAt"
      case .active: "active"
      case .stackable: "stackable"
      }
    }

    /// The keys as written, in order.
    static var names: [String] { allCases.map(\.literal.description) }

    /// The store version each key needs on a promotion that is not a discount or
    /// threshold (``StoreDecoder/versionNeeded(for:kind:)`` decides `target` on those).
    static let versions: [Int] = names.map { StoreDecoder.versionNeeded(for: $0, kind: nil) }

    /// The key whose bytes are `key`, if any: told apart by the first byte and the length,
    /// then compared whole.
    init?(_ key: Slice<UnsafeBufferPointer<UInt8>>) {
      guard key.count >= 2 else { return nil }
      let candidate: PromotionKey
      switch (key[key.startIndex], key.count) {
      case (UInt8(ascii: "i"), 2): candidate = .id
      case (UInt8(ascii: "n"), 4): candidate = .name
      case (UInt8(ascii: "k"), 4): candidate = .kind
      case (UInt8(ascii: "c"), 4): candidate = .code
      case (UInt8(ascii: "c"), 14): candidate = .customerGroups
      case (UInt8(ascii: "t"), 6): candidate = .target
      case (UInt8(ascii: "m"), 13): candidate = .minimumAmount
      case (UInt8(ascii: "m"), 15):
        if key[key.startIndex + 1] == UInt8(ascii: "i") {
          candidate = .minimumQuantity
        } else {
          candidate = key[key.startIndex + 7] == UInt8(ascii: "D") ? .maximumDiscount : .maximumQuantity
        }
      case (UInt8(ascii: "r"), 6): candidate = .repeats
      case (UInt8(ascii: "b"), 3): candidate = .buy
      case (UInt8(ascii: "g"), 3): candidate = .get
      case (UInt8(ascii: "a"), 11): candidate = .acrossLines
      case (UInt8(ascii: "p"), 10): candidate = .percentOff
      case (UInt8(ascii: "a"), 9): candidate = .amountOff
      case (UInt8(ascii: "f"), 10): candidate = .fixedPrice
      case (UInt8(ascii: "s"), 8): candidate = .startsAt
      case (UInt8(ascii: "e"), 6): candidate = .endsAt
      case (UInt8(ascii: "a"), 6): candidate = .active
      case (UInt8(ascii: "s"), 9): candidate = .stackable
      default: return nil
      }
      guard StoreFastPath.equal(key, candidate.literal) else { return nil }
      self = candidate
    }

    /// The bit of this key in a set of keys.
    var bit: UInt32 { 1 << UInt32(rawValue) }
  }

  /// A cursor over the bytes; every method returns `nil` (or `false`) to give up.
  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Where each promotion's id is, to find an id used twice once all are read.
    var ids: [Range<Int>] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
    }

    /// Skips JSON white space: eight bytes at a time while they are spaces and line feeds
    /// (the canonical indentation), then byte by byte.
    @inline(__always)
    mutating func skipWhitespace() {
      guard index < bytes.count, bytes[index] <= 0x20 else { return }
      // One space alone (after a colon) is the commonest run.
      if bytes[index] == 0x20, index + 1 < bytes.count, bytes[index + 1] > 0x20 {
        index += 1
        return
      }
      skipWhitespaceRun()
    }

    mutating func skipWhitespaceRun() {
      if let base = bytes.baseAddress {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        while index &+ 8 <= bytes.count {
          let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
          // Exactly the bytes that are a space or a line feed get their high bit set.
          let space = word ^ (ones &* 0x20)
          let newline = word ^ (ones &* 0x0A)
          let isSpace = ~(((space & low) &+ low) | space | low)
          let isNewline = ~(((newline & low) &+ low) | newline | low)
          let other = ~(isSpace | isNewline) & (ones &* 0x80)
          if other == 0 {
            index &+= 8
            continue
          }
          index &+= other.trailingZeroBitCount >> 3
          break
        }
      }
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x0A, 0x09, 0x0D: index += 1
        default: return
        }
      }
    }

    /// Consumes `byte` after optional white space.
    @inline(__always)
    mutating func take(_ byte: UInt8) -> Bool {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    /// Whether the next byte after white space is `byte` (not consumed).
    mutating func peek(_ byte: UInt8) -> Bool {
      skipWhitespace()
      return index < bytes.count && bytes[index] == byte
    }

    /// The bytes between the quotes of a string without control characters; `ascii` tells
    /// whether they are all ASCII (else they still need UTF-8 validation), `escaped`
    /// whether they hold a backslash (then they need ``unescaped(_:)``).
    @inline(__always)
    mutating func rawString() -> (bytes: Slice<UnsafeBufferPointer<UInt8>>, ascii: Bool, escaped: Bool)? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = index
      var high: UInt8 = 0
      var escaped = false
      guard let base = bytes.baseAddress else { return nil }
      let ones: UInt64 = 0x0101_0101_0101_0101
      while true {
        // Eight bytes at a time up to the first that is a quote, a backslash, a control
        // character or non-ASCII (the lowest byte the usual zero-byte tests flag is exactly
        // the first such byte); that byte is then looked at alone.
        if index &+ 8 <= bytes.count {
          let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
          let quote = word ^ (ones &* 0x22)
          let backslash = word ^ (ones &* 0x5C)
          let special =
            (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
              | ((word &- ones &* 0x20) & ~word)
              | word) & (ones &* 0x80)
          if special == 0 {
            index &+= 8
            continue
          }
          index &+= special.trailingZeroBitCount >> 3
        }
        guard index < bytes.count else { return nil }
        let byte = base[index]
        if byte == UInt8(ascii: "\"") {
          index &+= 1
          return (bytes[start..<(index &- 1)], high < 0x80, escaped)
        }
        guard byte >= 0x20 else { return nil }
        if byte == UInt8(ascii: "\\") {
          // The escaped byte is checked by `unescaped`; it never ends the string.
          escaped = true
          index &+= 2
          continue
        }
        high |= byte
        index &+= 1
      }
    }

    /// The bytes of a string without escapes, for keys, kinds, ids and decimals (an
    /// escape in one of those is the full decoder's to read).
    mutating func plainString() -> Slice<UnsafeBufferPointer<UInt8>>? {
      guard let (slice, _, escaped) = rawString(), !escaped else { return nil }
      return slice
    }

    /// A string as a `String`; invalid UTF-8 or a malformed escape gives up.
    mutating func text() -> String? {
      guard let (slice, ascii, escaped) = rawString() else { return nil }
      if escaped { return Self.unescaped(slice) }
      let buffer = UnsafeBufferPointer(rebasing: slice)
      if ascii { return String(decoding: buffer, as: UTF8.self) }
      return String(validating: buffer, as: UTF8.self)
    }

    /// The string a JSON string's bytes (between its quotes) stand for, its escapes
    /// replaced (`\n`, `\u00e9`, a surrogate pair), or `nil` for a malformed escape, a lone
    /// surrogate or invalid UTF-8.
    static func unescaped(_ slice: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
      var utf8: [UInt8] = []
      utf8.reserveCapacity(slice.count)
      var index = slice.startIndex
      let end = slice.endIndex
      func hex4(at start: Int) -> UInt32? {
        guard end - start >= 4 else { return nil }
        var value: UInt32 = 0
        for byte in slice[start..<(start + 4)] {
          let digit: UInt8
          switch byte {
          case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
          case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
          case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
          default: return nil
          }
          value = value << 4 | UInt32(digit)
        }
        return value
      }
      while index < end {
        let byte = slice[index]
        guard byte == UInt8(ascii: "\\") else {
          utf8.append(byte)
          index += 1
          continue
        }
        guard index + 1 < end else { return nil }
        let simple: UInt8
        switch slice[index + 1] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
          guard var value = hex4(at: index + 2) else { return nil }
          index += 6
          if (0xD800..<0xDC00).contains(value) {
            guard end - index >= 6, slice[index] == UInt8(ascii: "\\"), slice[index + 1] == UInt8(ascii: "u"),
              let low = hex4(at: index + 2), (0xDC00..<0xE000).contains(low)
            else { return nil }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            index += 6
          }
          guard let scalar = Unicode.Scalar(value) else { return nil }  // a lone low surrogate
          UTF8.encode(scalar) { utf8.append($0) }
          continue
        default: return nil
        }
        utf8.append(simple)
        index += 2
      }
      return String(validating: utf8, as: UTF8.self)
    }

    /// A JSON number literal's bytes (checked by the decimal parser, whose grammar is JSON's).
    mutating func numberLiteral() -> Slice<UnsafeBufferPointer<UInt8>>? {
      skipWhitespace()
      let start = index
      scan: while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
          UInt8(ascii: "e"), UInt8(ascii: "E"):
          index += 1
        default:
          break scan
        }
      }
      return index > start ? bytes[start..<index] : nil
    }

    /// A decimal written as a JSON number or as a string such as `"12.50"`.
    mutating func decimal() -> DecimalNumber? {
      let literal = peek(UInt8(ascii: "\"")) ? plainString() : numberLiteral()
      guard let literal else { return nil }
      return Self.plainDecimal(literal) ?? (try? DecimalNumber(utf8: literal))
    }

    /// A decimal written plainly (`1219.00`, `0.5`, `7`: no sign, no exponent, no leading
    /// zero, at most 18 digits), read as ``DecimalNumber/init(utf8:)`` reads it; `nil` for
    /// any other form, which that parser then reads.
    static func plainDecimal(_ literal: Slice<UnsafeBufferPointer<UInt8>>) -> DecimalNumber? {
      guard literal.count <= 18 else { return nil }
      var index = literal.startIndex
      let end = literal.endIndex
      var value: Int64 = 0
      while index < end, literal[index] >= 48, literal[index] <= 57 {
        value = value &* 10 &+ Int64(literal[index] - 48)
        index += 1
      }
      let wholeCount = index - literal.startIndex
      guard wholeCount > 0, literal[literal.startIndex] != 48 || wholeCount == 1 else { return nil }
      var scale = 0
      if index < end {
        guard literal[index] == UInt8(ascii: ".") else { return nil }
        index += 1
        while index < end, literal[index] >= 48, literal[index] <= 57 {
          value = value &* 10 &+ Int64(literal[index] - 48)
          scale += 1
          index += 1
        }
        guard index == end, scale > 0 else { return nil }
      }
      return DecimalNumber(significand: value, scale: scale)
    }

    /// A whole number written as plain digits (no sign, fraction or exponent), in `range`.
    mutating func integer(in range: ClosedRange<Int64>) -> Int64? {
      guard let literal = numberLiteral(), literal.count <= 18, literal.first != 48 else { return nil }
      var value: Int64 = 0
      for byte in literal {
        guard byte >= 48, byte <= 57 else { return nil }
        value = value * 10 + Int64(byte - 48)
      }
      return range.contains(value) ? value : nil
    }

    /// `true` or `false`.
    mutating func bool() -> Bool? {
      skipWhitespace()
      if matches("true") { return true }
      if matches("false") { return false }
      return nil
    }

    /// Consumes `word` when the bytes go on with it.
    @inline(__always)
    mutating func matches(_ word: StaticString) -> Bool {
      let count = word.utf8CodeUnitCount
      guard bytes.count - index >= count, let base = bytes.baseAddress,
        memcmp(base + index, word.utf8Start, count) == 0
      else { return false }
      index += count
      return true
    }

    /// An array of strings (a target's list, customer groups).
    mutating func strings() -> [String]? {
      guard take(UInt8(ascii: "[")) else { return nil }
      var strings: [String] = []
      if take(UInt8(ascii: "]")) { return strings }
      repeat {
        guard let string = text() else { return nil }
        strings.append(string)
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "]")) ? strings : nil
    }

    /// A promotion kind, matched from its bytes.
    mutating func kind() -> PromotionKind? {
      guard let slice = plainString() else { return nil }
      // Told apart by length and first byte, then compared with the kind's name.
      let kind: PromotionKind
      switch (slice.count, slice.first) {
      case (8, UInt8(ascii: "d")): kind = .discount
      case (9, _): kind = .threshold
      case (4, _): kind = .item
      case (8, UInt8(ascii: "s")): kind = .shipping
      default: return nil
      }
      switch kind {
      case .discount: return StoreFastPath.equal(slice, "discount") ? kind : nil
      case .threshold: return StoreFastPath.equal(slice, "threshold") ? kind : nil
      case .item: return StoreFastPath.equal(slice, "item") ? kind : nil
      case .shipping: return StoreFastPath.equal(slice, "shipping") ? kind : nil
      }
    }

    mutating func catalog() -> Catalog? {
      guard take(UInt8(ascii: "{")) else { return nil }
      var version: Int?
      var currency: Currency?
      var schema: String?
      var seen: (schema: Bool, currency: Bool) = (false, false)
      var promotions: [Promotion]?
      repeat {
        // `promotions` comes last: the version and currency it is read with are known.
        guard promotions == nil, let key = plainString(), take(UInt8(ascii: ":")) else { return nil }
        switch String(decoding: UnsafeBufferPointer(rebasing: key), as: UTF8.self) {
        case "$schema" where !seen.schema:
          seen.schema = true
          guard let url = text() else { return nil }
          schema = url
        case "version" where version == nil:
          guard let literal = numberLiteral(), literal.count == 1,
            let digit = literal.first, digit >= 48 + UInt8(Catalog.supportedVersions.lowerBound),
            digit <= 48 + UInt8(Catalog.supportedVersions.upperBound)
          else { return nil }
          version = Int(digit - 48)
        case "currency" where !seen.currency:
          seen.currency = true
          guard let code = text(), let valid = try? Currency(code: code) else { return nil }
          currency = valid
        case "promotions":
          guard let version else { return nil }
          promotions = self.promotions(version: version, currency: currency)
          if promotions == nil { return nil }
        default:
          return nil
        }
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "}")), let version, let promotions else { return nil }
      skipWhitespace()
      guard index == bytes.count, idsAreDistinct() else { return nil }
      return Catalog(version: version, currency: currency, checkedPromotions: promotions, schema: schema)
    }

    mutating func promotions(version: Int, currency: Currency?) -> [Promotion]? {
      guard take(UInt8(ascii: "[")) else { return nil }
      var promotions: [Promotion] = []
      if take(UInt8(ascii: "]")) { return promotions }
      // A promotion takes at least 40 bytes, so the array never grows (a copy of it all,
      // and twice its memory for a moment); the pages of the capacity left over are never
      // touched, so they take no memory.
      promotions.reserveCapacity((bytes.count - index) / 40 + 1)
      ids.reserveCapacity((bytes.count - index) / 40 + 1)
      // The keys of a later version than the store's, as a set of key bits.
      var laterKeys: UInt32 = 0
      for key in PromotionKey.allCases where PromotionKey.versions[key.rawValue] > version {
        laterKeys |= key.bit
      }
      let digits = currency.minorDigits
      repeat {
        // The common shape is read into plain values; any other promotion is read again
        // from its start into a draft.
        let start = index
        if let promotion = plainPromotion(version: version, laterKeys: laterKeys, digits: digits) {
          promotions.append(promotion)
          continue
        }
        index = start
        guard let promotion = promotion(version: version, currency: currency) else { return nil }
        promotions.append(promotion)
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "]")) ? promotions : nil
    }

    /// A promotion of the plain shape (``FastPromotionRules/plainPromotion(id:name:kind:minimumAmount:percentOff:amountOff:fixedPrice:maximumDiscount:startsAt:endsAt:isActive:isStackable:digits:)``:
    /// only the keys `id`, `name`, `kind`, `minimumAmount`, `percentOff`, `amountOff`,
    /// `fixedPrice`, `maximumDiscount`, `startsAt`, `endsAt`, `active` and `stackable`) that
    /// breaks no rule, read into plain values without a draft; `nil` for any other (the
    /// caller then reads it again with ``promotion(version:currency:)``). Its id is listed
    /// only when it is read whole.
    mutating func plainPromotion(version: Int, laterKeys: UInt32, digits: Int) -> Promotion? {
      guard take(UInt8(ascii: "{")) else { return nil }
      var id: String?
      var idRange = 0..<0
      var name: String?
      var kind: PromotionKind?
      var minimumAmount: DecimalNumber?
      var percentOff: DecimalNumber?
      var amountOff: DecimalNumber?
      var fixedPrice: DecimalNumber?
      var maximumDiscount: DecimalNumber?
      var startsAt: Timestamp?
      var endsAt: Timestamp?
      var isActive = true
      var isStackable = false
      var seen: UInt32 = 0
      repeat {
        guard let text = plainString(), let key = PromotionKey(text), seen & key.bit == 0,
          take(UInt8(ascii: ":"))
        else { return nil }
        seen |= key.bit
        switch key {
        case .id:
          skipWhitespace()
          let start = index
          guard let slice = plainString(), Self.isValidID(slice) else { return nil }
          id = String(decoding: UnsafeBufferPointer(rebasing: slice), as: UTF8.self)
          idRange = start..<index
        case .name:
          guard let value = self.text() else { return nil }
          name = value
        case .kind:
          guard let value = self.kind() else { return nil }
          kind = value
        case .minimumAmount:
          guard let value = decimal() else { return nil }
          minimumAmount = value
        case .percentOff:
          guard let value = decimal() else { return nil }
          percentOff = value
        case .amountOff:
          guard let value = decimal() else { return nil }
          amountOff = value
        case .fixedPrice:
          guard let value = decimal() else { return nil }
          fixedPrice = value
        case .maximumDiscount:
          guard let value = decimal() else { return nil }
          maximumDiscount = value
        case .startsAt:
          guard let text = self.text(), let value = try? Timestamp(parsing: text) else { return nil }
          startsAt = value
        case .endsAt:
          guard let text = self.text(), let value = try? Timestamp(parsing: text) else { return nil }
          endsAt = value
        case .active:
          guard let value = bool() else { return nil }
          isActive = value
        case .stackable:
          guard let value = bool() else { return nil }
          isStackable = value
        default:
          return nil
        }
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "}")), let id, let kind else { return nil }
      // A field or kind of a later version is the full decoder's to report.
      if seen & laterKeys != 0 || kind.introducedInVersion > version { return nil }
      guard
        let promotion = FastPromotionRules.plainPromotion(
          id: id, name: name, kind: kind, minimumAmount: minimumAmount, percentOff: percentOff,
          amountOff: amountOff, fixedPrice: fixedPrice, maximumDiscount: maximumDiscount, startsAt: startsAt,
          endsAt: endsAt, isActive: isActive, isStackable: isStackable, digits: digits)
      else { return nil }
      ids.append(idRange)
      return promotion
    }

    mutating func promotion(version: Int, currency: Currency?) -> Promotion? {
      guard take(UInt8(ascii: "{")) else { return nil }
      var draft = PromotionDraft()
      var seen: UInt32 = 0
      repeat {
        guard let text = plainString(), let key = PromotionKey(text), seen & key.bit == 0,
          take(UInt8(ascii: ":"))
        else { return nil }
        seen |= key.bit
        guard read(key, into: &draft) else { return nil }
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "}")), let kind = draft.kind else { return nil }
      if version < Catalog.currentVersion {
        // A field or kind of a later version is the full decoder's to report.
        if kind.introducedInVersion > version { return nil }
        var rest = seen
        while rest != 0 {
          let key = PromotionKey(rawValue: rest.trailingZeroBitCount)!
          rest &= rest - 1
          let needed =
            key == .target
            ? StoreDecoder.versionNeeded(for: "target", kind: kind) : PromotionKey.versions[key.rawValue]
          if needed > version { return nil }
        }
      }
      // Most promotions are of a shape whose rules are checked directly; any other is
      // built (or refused) by the draft's own rules.
      return FastPromotionRules.promotion(of: draft, currency: currency)
        ?? (try? draft.promotion(currency: .some(currency)))
    }

    /// Reads the value of `key` into `draft`; `false` gives up.
    mutating func read(_ key: PromotionKey, into draft: inout PromotionDraft) -> Bool {
      switch key {
      case .id:
        // An id is read without escapes, so that ids compare as their bytes.
        skipWhitespace()
        let start = index
        // An invalid id is the full decoder's to report; a valid one is plain ASCII.
        guard let id = plainString(), Self.isValidID(id) else { return false }
        draft.id = String(decoding: UnsafeBufferPointer(rebasing: id), as: UTF8.self)
        ids.append(start..<index)
      case .name:
        guard let name = text() else { return false }
        draft.name = name
      case .kind:
        guard let kind = kind() else { return false }
        draft.kind = kind
      case .code:
        guard let code = text() else { return false }
        draft.code = code
      case .customerGroups:
        guard let groups = strings() else { return false }
        draft.customerGroups = groups
      case .target:
        guard let target = target() else { return false }
        draft.target = target
      case .minimumAmount:
        guard let value = decimal() else { return false }
        draft.minimumAmount = value
      case .minimumQuantity:
        guard let value = integer(in: Promotion.allowedQuantities) else { return false }
        draft.minimumQuantity = value
      case .repeats:
        guard let value = bool() else { return false }
        draft.repeats = value
      case .buy:
        guard let value = integer(in: BuyGet.allowedCounts) else { return false }
        draft.buy = value
      case .get:
        guard let value = integer(in: BuyGet.allowedCounts) else { return false }
        draft.get = value
      case .acrossLines:
        guard let value = bool() else { return false }
        draft.acrossLines = value
      case .percentOff:
        guard let value = decimal() else { return false }
        draft.percentOff = value
      case .amountOff:
        guard let value = decimal() else { return false }
        draft.amountOff = value
      case .fixedPrice:
        guard let value = decimal() else { return false }
        draft.fixedPrice = value
      case .maximumDiscount:
        guard let value = decimal() else { return false }
        draft.maximumDiscount = value
      case .maximumQuantity:
        guard let value = integer(in: Promotion.allowedQuantities) else { return false }
        draft.maximumQuantity = value
      case .startsAt:
        guard let text = text(), let value = try? Timestamp(parsing: text) else { return false }
        draft.startsAt = value
      case .endsAt:
        guard let text = text(), let value = try? Timestamp(parsing: text) else { return false }
        draft.endsAt = value
      case .active:
        guard let value = bool() else { return false }
        draft.isActive = value
      case .stackable:
        guard let value = bool() else { return false }
        draft.isStackable = value
      }
      return true
    }

    /// A target object: `skus` and `categories`, each at most once.
    mutating func target() -> PromotionDraft.Target? {
      guard take(UInt8(ascii: "{")) else { return nil }
      var target = PromotionDraft.Target()
      if take(UInt8(ascii: "}")) { return target }
      repeat {
        guard let key = plainString(), take(UInt8(ascii: ":")) else { return nil }
        if StoreFastPath.equal(key, "skus"), target.skus == nil {
          target.skus = strings()
          if target.skus == nil { return nil }
        } else if StoreFastPath.equal(key, "categories"), target.categories == nil {
          target.categories = strings()
          if target.categories == nil { return nil }
        } else {
          return nil
        }
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "}")) ? target : nil
    }

    /// Whether `id` is 1 to 64 bytes of `A–Z a–z 0–9 . _ -` (``Promotion/isValidID(_:)``).
    static func isValidID(_ id: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
      guard !id.isEmpty, id.count <= Promotion.maximumIDLength else { return false }
      for byte in id {
        let letter = byte | 0x20
        guard
          (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        else { return false }
      }
      return true
    }

    /// Whether no two promotions share an id (ids of valid promotions are ASCII, so their
    /// bytes compare as their strings do): one FNV-1a hash of each, open addressing.
    func idsAreDistinct() -> Bool {
      guard ids.count > 1 else { return true }
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

/// Decodes the plain, valid shape of one order straight from its bytes, without building a
/// JSON tree: the hot path of `promo price --lines`.
///
/// It accepts only what it is sure the full decoder accepts, and builds the same ``Order``:
/// a single object with known, distinct keys; strings of printable ASCII without escapes;
/// amounts that pass every rule; quantities written as plain integers. On anything else (an
/// error, an escape, a non-ASCII byte, `$schema`, an unusual number form) it returns `nil`,
/// and the full decoder (``OrderDecoder``) decides, with its located messages. The tests and
/// the fuzzer check that the two agree.
///
/// Complexity: O(*n*) in the length of the line.
enum OrderFastPath {
  /// The order in `bytes`, or `nil` when the full decoder must look at it.
  static func decode(_ bytes: [UInt8], fallbackName: () -> String, storeCurrency: Currency?) -> Order? {
    bytes.withUnsafeBufferPointer { buffer in
      decode(buffer, fallbackName: fallbackName, storeCurrency: storeCurrency)
    }
  }

  /// The order in `bytes`, or `nil` when the full decoder must look at it.
  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, fallbackName: () -> String, storeCurrency: Currency?
  )
    -> Order?
  {
    var scanner = Scanner(bytes: bytes)
    return scanner.order(fallbackName: fallbackName, storeCurrency: storeCurrency)
  }

  /// The keys of orders and items, recognised from their bytes without making strings.
  private enum Key: Int {
    case id, currency, amount, items, sku, name, unitPrice, quantity, codes, categories

    init?(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
      // Compares the key's bytes, loaded as one little-endian word, with the literal's.
      func word(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<min(count, 8) { value |= UInt64(pointer[index]) << (8 * index) }
        return value
      }
      guard let base = bytes.base.baseAddress else { return nil }
      let key = base + bytes.startIndex
      let count = bytes.count
      // The key's first 8 bytes in one load when the line has them (a key is followed by
      // at least `":` and a value, so it nearly always has), masked to its length.
      let keyWord: UInt64
      if bytes.startIndex + 8 <= bytes.base.count {
        let loaded = UnsafeRawPointer(key).loadUnaligned(as: UInt64.self).littleEndian
        keyWord = count >= 8 ? loaded : loaded & ((1 << (8 * UInt64(count))) - 1)
      } else {
        keyWord = word(key, count)
      }
      // Each key's bytes as a little-endian word: "id" is 0x6469.
      switch count {
      case 2 where keyWord == 0x6469: self = .id
      case 3 where keyWord == 0x75_6b73: self = .sku
      case 4 where keyWord == 0x656d_616e: self = .name
      case 5 where keyWord == 0x73_6d65_7469: self = .items
      case 6 where keyWord == 0x746e_756f_6d61: self = .amount
      case 8 where keyWord == 0x7963_6e65_7272_7563: self = .currency
      case 8 where keyWord == 0x7974_6974_6e61_7571: self = .quantity
      case 9 where keyWord == 0x6369_7250_7469_6e75 && key[8] == UInt8(ascii: "e"): self = .unitPrice
      case 5 where keyWord == 0x73_6564_6f63: self = .codes
      case 10
      where keyWord == 0x6972_6f67_6574_6163 && key[8] == UInt8(ascii: "e") && key[9] == UInt8(ascii: "s"):
        self = .categories
      default: return nil
      }
    }
  }

  /// A cursor over the bytes; every method returns `nil` (or `false`) to give up.
  private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
    }

    mutating func skipWhitespace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }

    /// Consumes `byte` after optional white space.
    mutating func take(_ byte: UInt8) -> Bool {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    /// A string of printable ASCII without escapes: the bytes between its quotes.
    mutating func plainString() -> Slice<UnsafeBufferPointer<UInt8>>? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = index
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return bytes[start..<(index - 1)]
        }
        guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
        index += 1
      }
      return nil
    }

    /// A plain string, as a `String`.
    mutating func text() -> String? {
      plainString().map { String(decoding: $0, as: UTF8.self) }
    }

    /// A JSON number literal's bytes (checked by the decimal parser).
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

    /// An amount written as a string or a number that passes the rules for `minorDigits`.
    mutating func amount(minorDigits: Int) -> Money? {
      skipWhitespace()
      guard index < bytes.count else { return nil }
      let literal = bytes[index] == UInt8(ascii: "\"") ? plainString() : numberLiteral()
      guard let literal else { return nil }
      if let units = Self.plainAmount(literal, minorDigits: minorDigits) {
        return Money(minorUnits: units, minorDigits: minorDigits)
      }
      guard let value = try? DecimalNumber(utf8: literal), !value.isNegative,
        !(Order.maximumAmount < value)
      else { return nil }
      return Money(value, minorDigits: minorDigits)
    }

    /// The units of an amount written plainly (`128`, `12.5`, `0.07`: no sign, no leading
    /// zero, no exponent, at most `minorDigits` decimals, at most the maximum amount), or
    /// `nil` for any other form, which the decimal parser then reads.
    @inline(__always)
    static func plainAmount(_ literal: Slice<UnsafeBufferPointer<UInt8>>, minorDigits: Int) -> Int128? {
      var index = literal.startIndex
      let end = literal.endIndex
      var whole: Int64 = 0
      let wholeStart = index
      while index < end, literal[index] >= 48, literal[index] <= 57 {
        whole = whole &* 10 &+ Int64(literal[index] - 48)
        index += 1
      }
      let wholeCount = index - wholeStart
      guard wholeCount > 0, wholeCount <= 13, literal[wholeStart] != 48 || wholeCount == 1 else { return nil }
      var fraction: Int64 = 0
      var fractionCount = 0
      if index < end {
        guard literal[index] == UInt8(ascii: "."), minorDigits > 0 else { return nil }
        index += 1
        while index < end, literal[index] >= 48, literal[index] <= 57 {
          fraction = fraction &* 10 &+ Int64(literal[index] - 48)
          fractionCount += 1
          index += 1
          if fractionCount > minorDigits { return nil }
        }
        guard index == end, fractionCount > 0 else { return nil }
      }
      var scale: Int64 = 1
      for _ in 0..<minorDigits { scale *= 10 }
      var fractionScale: Int64 = 1
      for _ in fractionCount..<minorDigits { fractionScale *= 10 }
      let units = Int128(whole) * Int128(scale) + Int128(fraction) * Int128(fractionScale)
      return units <= 1_000_000_000_000 * Int128(scale) ? units : nil
    }

    /// A quantity written as plain digits, from 1 to the maximum.
    mutating func quantity() -> Int64? {
      skipWhitespace()
      var value: Int64 = 0
      let start = index
      while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57, index - start < 8 {
        value = value * 10 + Int64(bytes[index] - 48)
        index += 1
      }
      guard index > start, bytes[start] != 48, (1...OrderItem.maximumQuantity).contains(value) else {
        return nil
      }
      if index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "}"): break
        default: return nil
        }
      }
      return value
    }

    /// Calls `member` for each key of an object; gives up on an unknown or repeated key.
    mutating func members(_ member: (inout Scanner, Key) -> Bool) -> Bool {
      guard take(UInt8(ascii: "{")) else { return false }
      if take(UInt8(ascii: "}")) { return true }
      var seen = 0
      repeat {
        guard let text = plainString(), let key = Key(text), seen & (1 << key.rawValue) == 0,
          take(UInt8(ascii: ":"))
        else { return false }
        seen |= 1 << key.rawValue
        guard member(&self, key) else { return false }
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "}"))
    }

    mutating func order(fallbackName: () -> String, storeCurrency: Currency?) -> Order? {
      var id: String?
      var currency: Currency?
      var amountStart: Int?
      var itemsStart: Int?
      // The amounts are read as soon as they are met, in the minor digits of the currency
      // known then (the order's, else the store's); when the order names its currency only
      // after them in other digits, they are read again.
      var amount: Money?
      var items: [OrderItem]?
      var codes: [String] = []
      var readDigits = 0
      let complete = members { scanner, key in
        switch key {
        case .id:
          id = scanner.text()
          return id != nil
        case .codes:
          // At most 16 valid codes (repeats allowed); anything else is the full decoder's.
          guard let list = scanner.strings(), list.count <= Order.maximumCodes,
            list.allSatisfy(CouponCode.isValid)
          else { return false }
          codes = list
          return true
        case .currency:
          currency = scanner.text().flatMap { try? Currency(code: $0) }
          return currency != nil
        case .amount:
          scanner.skipWhitespace()
          amountStart = scanner.index
          readDigits = (currency ?? storeCurrency).minorDigits
          amount = scanner.amount(minorDigits: readDigits)
          if amount != nil { return true }
          scanner.index = amountStart!
          return scanner.skipValue()
        case .items:
          scanner.skipWhitespace()
          itemsStart = scanner.index
          readDigits = (currency ?? storeCurrency).minorDigits
          items = scanner.items(minorDigits: readDigits)
          if items != nil { return true }
          scanner.index = itemsStart!
          return scanner.skipValue()
        default:
          return false
        }
      }
      skipWhitespace()
      guard complete, index == bytes.count, (amountStart == nil) != (itemsStart == nil) else { return nil }
      if let currency, let storeCurrency, currency != storeCurrency { return nil }
      let effective = currency ?? storeCurrency
      let digits = effective.minorDigits
      if let amountStart {
        if amount == nil || readDigits != digits {
          index = amountStart
          amount = self.amount(minorDigits: digits)
        }
        guard let amount else { return nil }
        return Order(name: id ?? fallbackName(), currency: effective, codes: codes, amount: amount)
      }
      if items == nil || readDigits != digits {
        index = itemsStart!
        items = self.items(minorDigits: digits)
      }
      guard let items else { return nil }
      return try? Order(name: id ?? fallbackName(), currency: effective, codes: codes, items: items)
    }

    /// An order's array of items, in `minorDigits`.
    mutating func items(minorDigits digits: Int) -> [OrderItem]? {
      guard take(UInt8(ascii: "[")) else { return nil }
      var items: [OrderItem] = []
      if take(UInt8(ascii: "]")) { return items }
      items.reserveCapacity(4)
      repeat {
        guard items.count < Order.maximumItems, let item = item(minorDigits: digits) else { return nil }
        items.append(item)
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "]")) ? items : nil
    }

    mutating func item(minorDigits: Int) -> OrderItem? {
      var sku: String?
      var name: String?
      var categories: [String] = []
      var unitPrice: Money?
      var quantity: Int64?
      let complete = members { scanner, key in
        switch key {
        case .categories:
          // At most 16 distinct non-empty categories; anything else is the full decoder's.
          guard let list = scanner.strings(), list.count <= OrderItem.maximumCategories,
            !list.contains(where: \.isEmpty)
          else { return false }
          for (index, category) in list.enumerated() where list[..<index].contains(category) { return false }
          categories = list
          return true
        case .sku:
          sku = scanner.text()
          return sku != nil
        case .name:
          name = scanner.text()
          return name != nil
        case .unitPrice:
          unitPrice = scanner.amount(minorDigits: minorDigits)
          return unitPrice != nil
        case .quantity:
          quantity = scanner.quantity()
          return quantity != nil
        default:
          return false
        }
      }
      guard complete, let unitPrice, let quantity else { return nil }
      return OrderItem(sku: sku, name: name, categories: categories, unitPrice: unitPrice, quantity: quantity)
    }

    /// An array of plain strings.
    mutating func strings() -> [String]? {
      guard take(UInt8(ascii: "[")) else { return nil }
      var strings: [String] = []
      if take(UInt8(ascii: "]")) { return strings }
      repeat {
        guard strings.count <= 16, let string = text() else { return nil }
        strings.append(string)
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "]")) ? strings : nil
    }

    /// Skips one value of the shapes this path reads: a plain string, a number, or an
    /// array of objects of plain strings and numbers (an order's items).
    mutating func skipValue() -> Bool {
      skipWhitespace()
      guard index < bytes.count else { return false }
      switch bytes[index] {
      case UInt8(ascii: "\""): return plainString() != nil
      case UInt8(ascii: "["):
        index += 1
        if take(UInt8(ascii: "]")) { return true }
        repeat {
          guard members({ scanner, _ in scanner.skipValue() }) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]"))
      default:
        return numberLiteral() != nil
      }
    }
  }
}

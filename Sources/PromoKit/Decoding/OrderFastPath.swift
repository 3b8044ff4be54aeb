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
    case id, currency, amount, items, sku, name, unitPrice, quantity

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
      func equals(_ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { literal in
          word(literal.baseAddress!, count) == word(key, count)
            && (count <= 8
              || literal[8...].elementsEqual(UnsafeBufferPointer(start: key + 8, count: count - 8)))
        }
      }
      switch count {
      case 2 where equals("id"): self = .id
      case 3 where equals("sku"): self = .sku
      case 4 where equals("name"): self = .name
      case 5 where equals("items"): self = .items
      case 6 where equals("amount"): self = .amount
      case 8 where equals("currency"): self = .currency
      case 8 where equals("quantity"): self = .quantity
      case 9 where equals("unitPrice"): self = .unitPrice
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
      guard let literal, let value = try? DecimalNumber(utf8: literal), !value.isNegative,
        !(Order.maximumAmount < value)
      else { return nil }
      return Money(value, minorDigits: minorDigits)
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
      // First pass: the top-level keys. Amounts wait until the currency is known.
      let complete = members { scanner, key in
        switch key {
        case .id:
          id = scanner.text()
          return id != nil
        case .currency:
          currency = scanner.text().flatMap(Currency.init(code:))
          return currency != nil
        case .amount:
          scanner.skipWhitespace()
          amountStart = scanner.index
          return scanner.skipValue()
        case .items:
          scanner.skipWhitespace()
          itemsStart = scanner.index
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
        index = amountStart
        guard let amount = amount(minorDigits: digits) else { return nil }
        return Order(name: id ?? fallbackName(), currency: effective, amount: amount)
      }
      index = itemsStart!
      guard take(UInt8(ascii: "[")) else { return nil }
      var items: [OrderItem] = []
      if !take(UInt8(ascii: "]")) {
        repeat {
          guard items.count < Order.maximumItems, let item = item(minorDigits: digits) else { return nil }
          items.append(item)
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "]")) else { return nil }
      }
      return try? Order(name: id ?? fallbackName(), currency: effective, items: items)
    }

    mutating func item(minorDigits: Int) -> OrderItem? {
      var sku: String?
      var name: String?
      var unitPrice: Money?
      var quantity: Int64?
      let complete = members { scanner, key in
        switch key {
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
      return OrderItem(sku: sku, name: name, unitPrice: unitPrice, quantity: quantity)
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

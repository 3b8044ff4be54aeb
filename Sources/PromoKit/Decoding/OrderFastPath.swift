/// Decodes the plain, valid shape of one order straight from its bytes, without building a
/// JSON tree: the hot path of `promo price --lines`.
///
/// It accepts only what it is sure the full decoder accepts, and builds the same ``Order``:
/// a single object with known, distinct keys (`id`, `currency`, `codes`, `amount`, `items`,
/// `shipping`, `customer`); strings of valid UTF-8 (escapes read as the full decoder reads
/// them); amounts that pass every rule; quantities written as plain integers; a customer
/// whose groups are distinct names of `A–Z a–z 0–9 . _ -`. On anything else (an error, a
/// key of the wrong type, `$schema`, an unusual number form) it returns `nil`, and the full
/// decoder (``OrderDecoder``) decides, with its located messages. The tests and the fuzzer
/// check that the two agree.
///
/// - Complexity: O(*n*) in the length of the line.
enum OrderFastPath {
  /// The order in `bytes`, or `nil` when the full decoder must look at it. Without an
  /// `id` it is named `file:line`, as ``OrderDecoder/decodeLine(_:file:line:storeCurrency:)``
  /// names it.
  static func decode(_ bytes: [UInt8], file: String, line: Int, storeCurrency: Currency?) -> Order? {
    bytes.withUnsafeBufferPointer { buffer in
      decode(buffer, file: file, line: line, storeCurrency: storeCurrency)
    }
  }

  /// The order in `bytes`, or `nil` when the full decoder must look at it. Without an
  /// `id` it is named `file:line`, made only then.
  @inline(__always)
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, file: String, line: Int, storeCurrency: Currency?)
    -> Order?
  {
    var reader = Reader(cursor: ByteCursor(bytes))
    return reader.order(storeCurrency: storeCurrency, file: file, line: line)
  }

  /// The keys of an order.
  private enum OrderKey: Int, CaseIterable {
    case id, currency, codes, amount, items, shipping, customer

    /// The key whose bytes are `key`, if any: told apart by the length and the first byte,
    /// then compared whole.
    @inline(__always)
    init?(_ key: ByteCursor.Bytes) {
      guard let first = key.first else { return nil }
      let candidate: Self
      switch (key.count, first) {
      case (2, _): candidate = .id
      case (8, UInt8(ascii: "c")) where key[key.startIndex &+ 1] == UInt8(ascii: "u"):
        candidate = key[key.startIndex &+ 2] == UInt8(ascii: "r") ? .currency : .customer
      case (5, UInt8(ascii: "c")): candidate = .codes
      case (6, _): candidate = .amount
      case (5, _): candidate = .items
      case (8, _): candidate = .shipping
      default: return nil
      }
      guard ByteCursor.equal(key, candidate.literal) else { return nil }
      self = candidate
    }

    /// The key as written.
    var literal: StaticString {
      switch self {
      case .id: "id"
      case .currency: "currency"
      case .codes: "codes"
      case .amount: "amount"
      case .items: "items"
      case .shipping: "shipping"
      case .customer: "customer"
      }
    }
  }

  /// The keys of an order's item.
  private enum ItemKey: Int, CaseIterable {
    case sku, name, categories, unitPrice, quantity

    /// The key whose bytes are `key`, if any.
    @inline(__always)
    init?(_ key: ByteCursor.Bytes) {
      let candidate: Self
      switch key.count {
      case 3: candidate = .sku
      case 4: candidate = .name
      case 10: candidate = .categories
      case 9: candidate = .unitPrice
      case 8: candidate = .quantity
      default: return nil
      }
      guard ByteCursor.equal(key, candidate.literal) else { return nil }
      self = candidate
    }

    /// The key as written.
    var literal: StaticString {
      switch self {
      case .sku: "sku"
      case .name: "name"
      case .categories: "categories"
      case .unitPrice: "unitPrice"
      case .quantity: "quantity"
      }
    }
  }

  /// The keys of an order's customer.
  private enum CustomerKey: Int {
    case id, groups

    /// The key whose bytes are `key`, if any.
    init?(_ key: ByteCursor.Bytes) {
      if ByteCursor.equal(key, "id") {
        self = .id
      } else if ByteCursor.equal(key, "groups") {
        self = .groups
      } else {
        return nil
      }
    }
  }

  /// Reads one order with a ``ByteCursor``; every method returns `nil` (or `false`) to
  /// give up.
  private struct Reader {
    var cursor: ByteCursor

    /// Adds `bit` to the keys `seen` in an object; `false` when it was there already.
    @inline(__always)
    static func first(_ bit: Int, in seen: inout UInt32) -> Bool {
      let mask: UInt32 = 1 << UInt32(bit)
      guard seen & mask == 0 else { return false }
      seen |= mask
      return true
    }

    /// An amount written as a string or a number that passes the rules for `minorDigits`:
    /// at least 0, at most the maximum, no more decimals than the currency has.
    @inline(__always)
    mutating func amount(minorDigits: Int) -> Money? {
      if var (digits, scale) = cursor.plainNumber() {
        // Trailing zeros past the currency's digits say nothing (`12.0` in yen is 12).
        while scale > minorDigits, digits % 10 == 0 {
          digits /= 10
          scale -= 1
        }
        guard scale <= minorDigits, minorDigits <= 3 else { return nil }
        // At most 18 digits, times at most 1,000: a product past 64 bits is past the maximum.
        let (units, overflow) = digits.multipliedReportingOverflow(by: Self.powerOfTen(minorDigits - scale))
        guard !overflow, units <= 1_000_000_000_000 &* Self.powerOfTen(minorDigits) else { return nil }
        return Money(minorUnits: Int128(units), minorDigits: minorDigits)
      }
      guard let literal = cursor.decimalLiteral(), let value = try? DecimalNumber(utf8: literal),
        !value.isNegative, !(Order.maximumAmount < value)
      else { return nil }
      return Money(value, minorDigits: minorDigits)
    }

    /// The order, named `file:line` when it has no `id`.
    @inline(__always)
    mutating func order(storeCurrency: Currency?, file: String, line: Int) -> Order? {
      guard cursor.take(UInt8(ascii: "{")) else { return nil }
      // Amounts are read as soon as they are met, in the minor digits of the currency known
      // then (the order's, else the store's).
      var parts = OrderParts(digits: storeCurrency.minorDigits)
      if !cursor.take(UInt8(ascii: "}")) {
        guard members(into: &parts) else { return nil }
      }
      cursor.skipWhitespace()
      guard cursor.isAtEnd, (parts.amount == nil) != (parts.items == nil) else { return nil }
      if let currency = parts.currency, let storeCurrency, currency != storeCurrency { return nil }
      if parts.digits != storeCurrency.minorDigits {
        // The order named a currency of other digits after some of its amounts.
        guard rereadEarlyAmounts(&parts) else { return nil }
      }
      return Self.makeOrder(parts, storeCurrency: storeCurrency, file: file, line: line)
    }

    /// Reads an order's members, after its `{`, up to and with its `}`: known keys, each at
    /// most once.
    @inline(__always)
    mutating func members(into parts: inout OrderParts) -> Bool {
      var seen: UInt32 = 0
      repeat {
        guard let text = cursor.key(), let key = OrderKey(text), Self.first(key.rawValue, in: &seen) else {
          return false
        }
        cursor.skipWhitespace()
        let start = parts.currency == nil ? cursor.index : -1
        guard member(key, start: start, into: &parts) else { return false }
      } while cursor.take(UInt8(ascii: ","))
      return cursor.take(UInt8(ascii: "}"))
    }

    /// Reads the value of the member `key` into `parts`; `start` is where it starts when
    /// the order has named no currency yet, else -1.
    @inline(__always)
    mutating func member(_ key: OrderKey, start: Int, into parts: inout OrderParts) -> Bool {
      switch key {
      case .id:
        guard let value = cursor.text() else { return false }
        parts.id = value
      case .currency:
        guard let code = cursor.text(), let value = try? Currency(code: code) else { return false }
        parts.currency = value
        parts.digits = value.minorDigits
      case .codes:
        // At most 16 valid codes (repeats allowed); anything else is the full decoder's.
        guard let list = cursor.strings(atMost: Order.maximumCodes), list.allSatisfy(CouponCode.isValid)
        else { return false }
        parts.codes = list
      case .amount:
        parts.amount = self.amount(minorDigits: parts.digits)
        parts.early.amount = start
        if parts.amount == nil { return false }
      case .shipping:
        parts.shipping = self.amount(minorDigits: parts.digits)
        parts.early.shipping = start
        if parts.shipping == nil { return false }
      case .items:
        parts.items = self.items(minorDigits: parts.digits)
        parts.early.items = start
        if parts.items == nil { return false }
      case .customer:
        guard let value = self.customer() else { return false }
        parts.customer = value
      }
      return true
    }

    /// Reads again, in `parts.digits`, the amounts read before the order named its
    /// currency; `false` when one of them does not pass.
    mutating func rereadEarlyAmounts(_ parts: inout OrderParts) -> Bool {
      if parts.early.amount >= 0 {
        cursor.index = parts.early.amount
        parts.amount = self.amount(minorDigits: parts.digits)
        if parts.amount == nil { return false }
      }
      if parts.early.shipping >= 0 {
        cursor.index = parts.early.shipping
        parts.shipping = self.amount(minorDigits: parts.digits)
        if parts.shipping == nil { return false }
      }
      if parts.early.items >= 0 {
        cursor.index = parts.early.items
        parts.items = self.items(minorDigits: parts.digits)
        if parts.items == nil { return false }
      }
      return true
    }

    /// The order `parts` make, in the order's currency else the store's, named `file:line`
    /// when it has no `id`.
    @inline(__always)
    static func makeOrder(_ parts: consuming OrderParts, storeCurrency: Currency?, file: String, line: Int)
      -> Order?
    {
      let effective = parts.currency ?? storeCurrency
      // The order's own rules are its initialisers'; one it breaks is the full decoder's to
      // report with its place.
      let orderID = parts.id ?? "\(file):\(line)"
      if let amount = parts.amount {
        return try? Order(
          id: orderID, currency: effective, codes: parts.codes, amount: amount, shipping: parts.shipping,
          customer: parts.customer)
      }
      guard let items = parts.items else { return nil }
      return try? Order(
        id: orderID, currency: effective, codes: parts.codes, items: items, shipping: parts.shipping,
        customer: parts.customer)
    }

    /// An order's array of items, in `minorDigits`.
    mutating func items(minorDigits digits: Int) -> [OrderItem]? {
      guard cursor.take(UInt8(ascii: "[")) else { return nil }
      var items: [OrderItem] = []
      if cursor.take(UInt8(ascii: "]")) { return items }
      items.reserveCapacity(4)
      repeat {
        guard items.count < Order.maximumItems, appendItem(to: &items, minorDigits: digits) else {
          return nil
        }
      } while cursor.take(UInt8(ascii: ","))
      return cursor.take(UInt8(ascii: "]")) ? items : nil
    }

    /// Reads one item of an order, in `minorDigits`, onto the end of `items`.
    mutating func appendItem(to items: inout [OrderItem], minorDigits: Int) -> Bool {
      guard cursor.take(UInt8(ascii: "{")) else { return false }
      var sku: String?
      var name: String?
      var categories: [String] = []
      var unitPrice: Money?
      var quantity: Int64?
      var seen: UInt32 = 0
      if !cursor.take(UInt8(ascii: "}")) {
        repeat {
          guard let text = cursor.key(), let key = ItemKey(text), Self.first(key.rawValue, in: &seen) else {
            return false
          }
          switch key {
          case .sku:
            guard let value = cursor.text() else { return false }
            sku = value
          case .name:
            guard let value = cursor.text() else { return false }
            name = value
          case .categories:
            // At most 16 distinct non-empty categories; anything else is the full decoder's.
            guard let list = cursor.strings(atMost: OrderItem.maximumCategories),
              !list.contains(where: \.isEmpty),
              Self.areDistinct(list)
            else { return false }
            categories = list
          case .unitPrice:
            guard let value = amount(minorDigits: minorDigits) else { return false }
            unitPrice = value
          case .quantity:
            guard let value = cursor.integer(in: 1...OrderItem.maximumQuantity) else { return false }
            quantity = value
          }
        } while cursor.take(UInt8(ascii: ","))
        guard cursor.take(UInt8(ascii: "}")) else { return false }
      }
      guard let unitPrice, let quantity else { return false }
      // The strings are moved into the item, not copied.
      guard
        let item = try? OrderItem(
          sku: consume sku, name: consume name, categories: consume categories, unitPrice: unitPrice,
          quantity: quantity)
      else { return false }
      items.append(item)
      return true
    }

    /// The order's customer: an optional id and at most 100 distinct group names, each of
    /// the characters of ``CustomerGroups/isValidName(_:)`` (any other name, which the full
    /// decoder may still accept, is left to it).
    mutating func customer() -> Customer? {
      guard cursor.take(UInt8(ascii: "{")) else { return nil }
      var customer = Customer()
      var seen: UInt32 = 0
      if !cursor.take(UInt8(ascii: "}")) {
        repeat {
          guard let text = cursor.key(), let key = CustomerKey(text), Self.first(key.rawValue, in: &seen)
          else {
            return nil
          }
          switch key {
          case .id:
            guard let value = cursor.text() else { return nil }
            customer.id = value
          case .groups:
            guard let value = groups() else { return nil }
            customer.groups = value
          }
        } while cursor.take(UInt8(ascii: ","))
        guard cursor.take(UInt8(ascii: "}")) else { return nil }
      }
      return customer
    }

    /// A customer's groups: at most 100 distinct valid names.
    mutating func groups() -> [String]? {
      guard cursor.take(UInt8(ascii: "[")) else { return nil }
      var groups: [String] = []
      if cursor.take(UInt8(ascii: "]")) { return groups }
      repeat {
        guard groups.count < Customer.maximumGroups, let name = cursor.plainString(),
          ByteCursor.isIDName(name, maximumLength: CustomerGroups.maximumNameLength)
        else { return nil }
        groups.append(String(decoding: UnsafeBufferPointer(rebasing: name), as: UTF8.self))
      } while cursor.take(UInt8(ascii: ","))
      guard cursor.take(UInt8(ascii: "]")), Self.areDistinct(groups) else { return nil }
      return groups
    }

    /// `10^exponent` for exponents 0 through 3 (the minor digits of a currency).
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> Int64 {
      switch exponent {
      case 0: 1
      case 1: 10
      case 2: 100
      default: 1_000
      }
    }

    /// Whether no string of `list` is there twice.
    ///
    /// - Complexity: O(*n*²) for up to 16 strings, else O(*n*).
    static func areDistinct(_ list: [String]) -> Bool {
      if list.count > 16 { return Set(list).count == list.count }
      for (index, entry) in list.enumerated() where list[..<index].contains(entry) { return false }
      return true
    }
  }
}

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
    var reader = Reader(cursor: ByteCursor(bytes))
    return reader.order(fallbackName: fallbackName, storeCurrency: storeCurrency)
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

  /// Where an amount of the order was read and in which minor digits, to read it again
  /// when the order names its currency only after it, in other digits.
  private struct Placed<Value> {
    var start: Int
    var digits: Int
    var value: Value
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
        guard scale <= minorDigits else { return nil }
        // At most 18 digits: the units fit in 64 bits before the scaling.
        var units = Int128(digits)
        var largest: Int128 = 1_000_000_000_000
        for _ in 0..<minorDigits { largest &*= 10 }
        for _ in scale..<minorDigits { units &*= 10 }
        return units <= largest ? Money(minorUnits: units, minorDigits: minorDigits) : nil
      }
      guard let literal = cursor.decimalLiteral(), let value = try? DecimalNumber(utf8: literal),
        !value.isNegative, !(Order.maximumAmount < value)
      else { return nil }
      return Money(value, minorDigits: minorDigits)
    }

    /// An amount read where it stands, in `digits`, with its place.
    mutating func placedAmount(digits: Int) -> Placed<Money>? {
      cursor.skipWhitespace()
      let start = cursor.index
      return amount(minorDigits: digits).map { Placed(start: start, digits: digits, value: $0) }
    }

    /// Reads `placed` again from its start when it was read in other digits than `digits`;
    /// `false` when it does not pass there.
    mutating func settle<Value>(
      _ placed: inout Placed<Value>?, in digits: Int, _ read: (inout Reader, Int) -> Value?
    ) -> Bool {
      guard let old = placed, old.digits != digits else { return true }
      cursor.index = old.start
      guard let value = read(&self, digits) else { return false }
      placed = Placed(start: old.start, digits: digits, value: value)
      return true
    }

    mutating func order(fallbackName: () -> String, storeCurrency: Currency?) -> Order? {
      guard cursor.take(UInt8(ascii: "{")) else { return nil }
      var id: String?
      var currency: Currency?
      var codes: [String] = []
      var customer: Customer?
      // The amounts are read as soon as they are met, in the minor digits of the currency
      // known then (the order's, else the store's); when the order names its currency only
      // after them in other digits, they are read again.
      var amount: Placed<Money>?
      var items: Placed<[OrderItem]>?
      var shipping: Placed<Money>?
      var seen: UInt32 = 0
      if !cursor.take(UInt8(ascii: "}")) {
        repeat {
          guard let text = cursor.key(), let key = OrderKey(text), Self.first(key.rawValue, in: &seen) else {
            return nil
          }
          switch key {
          case .id:
            guard let value = cursor.text() else { return nil }
            id = value
          case .currency:
            guard let value = cursor.text().flatMap(Currency.init(code:)) else { return nil }
            currency = value
          case .codes:
            // At most 16 valid codes (repeats allowed); anything else is the full decoder's.
            guard let list = cursor.strings(atMost: Order.maximumCodes), list.allSatisfy(CouponCode.isValid)
            else { return nil }
            codes = list
          case .amount:
            guard let value = placedAmount(digits: (currency ?? storeCurrency).minorDigits) else {
              return nil
            }
            amount = value
          case .shipping:
            guard let value = placedAmount(digits: (currency ?? storeCurrency).minorDigits) else {
              return nil
            }
            shipping = value
          case .items:
            cursor.skipWhitespace()
            let start = cursor.index
            let digits = (currency ?? storeCurrency).minorDigits
            guard let value = self.items(minorDigits: digits) else { return nil }
            items = Placed(start: start, digits: digits, value: value)
          case .customer:
            guard let value = self.customer() else { return nil }
            customer = value
          }
        } while cursor.take(UInt8(ascii: ","))
        guard cursor.take(UInt8(ascii: "}")) else { return nil }
      }
      cursor.skipWhitespace()
      guard cursor.isAtEnd, (amount == nil) != (items == nil) else { return nil }
      if let currency, let storeCurrency, currency != storeCurrency { return nil }
      let effective = currency ?? storeCurrency
      let digits = effective.minorDigits
      guard settle(&shipping, in: digits, { $0.amount(minorDigits: $1) }),
        settle(&amount, in: digits, { $0.amount(minorDigits: $1) }),
        settle(&items, in: digits, { $0.items(minorDigits: $1) })
      else { return nil }
      let name = id ?? fallbackName()
      if let amount {
        return Order(
          name: name, currency: effective, codes: codes, amount: amount.value, shipping: shipping?.value,
          customer: customer)
      }
      return try? Order(
        name: name, currency: effective, codes: codes, items: items!.value, shipping: shipping?.value,
        customer: customer)
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
      items.append(
        OrderItem(sku: sku, name: name, categories: categories, unitPrice: unitPrice, quantity: quantity))
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

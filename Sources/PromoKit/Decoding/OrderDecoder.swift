/// Reads orders (docs/FORMAT.md, "Orders") strictly: one order object or an array of them per
/// file, or one order per line of a JSON Lines stream.
///
/// The store's currency is passed in: an order that names a different one is refused, and
/// an order that names none takes the store's.
///
///     let orders = try OrderDecoder.decodeFile(bytes, file: "order.json", storeCurrency: catalog.currency)
public enum OrderDecoder {
  /// The keys an order object may have; `$schema` (any value) is accepted and ignored.
  package static let orderKeys = [
    "$schema", "id", "currency", "codes", "customer", "items", "amount", "shipping",
  ]
  /// The keys an order's `customer` may have.
  package static let customerKeys = ["id", "groups"]
  /// The keys an item object may have.
  package static let itemKeys = ["sku", "name", "categories", "unitPrice", "quantity"]

  /// The orders in a file: one order object, or an array of order objects.
  ///
  /// An order without an `id` is named `file`, or `file[index]` inside an array.
  ///
  ///     let orders = try OrderDecoder.decodeFile(bytes, file: "order.json", storeCurrency: catalog.currency)
  ///
  /// - Complexity: O(*b*) for *b* bytes.
  public static func decodeFile(_ bytes: [UInt8], file: String, storeCurrency: Currency?) throws(PromoError)
    -> [Order]
  {
    let root = try JSONDocument.parse(
      bytes, file: file,
      hintAfterValue: "a file holds one order or an array of orders (for one order per line, use --lines)")
    var reader = SchemaReader()
    var orders: [Order] = []
    if case .array(let elements) = root.value {
      for (index, element) in elements.enumerated() {
        let path = JSONPath.root.appending(index: index)
        let order = read(
          element, at: path, fallbackName: "\(file)[\(index)]", storeCurrency: storeCurrency, reader: &reader)
        if let order { orders.append(order) }
        if let first = JSONDocument.errors(reader, file: file).first { throw first }
      }
    } else if let order = read(
      root, at: .root, fallbackName: file, storeCurrency: storeCurrency, reader: &reader)
    {
      orders.append(order)
    }
    if let first = JSONDocument.errors(reader, file: file).first { throw first }
    return orders
  }

  /// The order on one line of a JSON Lines stream; without an `id` it is named
  /// `file:line`. Errors name the line. Common orders take a fast path that reads the
  /// bytes once without building a JSON tree.
  ///
  /// - Complexity: O(*b*) for *b* bytes.
  public static func decodeLine(
    _ bytes: [UInt8], file: String, line: Int, storeCurrency: Currency?
  ) throws(PromoError) -> Order {
    if let order = OrderFastPath.decode(bytes, file: file, line: line, storeCurrency: storeCurrency) {
      return order
    }
    return try decodeLineFully(bytes, file: file, line: line, storeCurrency: storeCurrency)
  }

  /// ``decodeLine(_:file:line:storeCurrency:)`` on a part of a buffer, such as a line of a
  /// stream: the bytes are copied only when the fast path cannot decode them.
  package static func decodeLine(
    _ bytes: ArraySlice<UInt8>, file: String, line: Int, storeCurrency: Currency?
  ) throws(PromoError) -> Order {
    if let order = bytes.withUnsafeBufferPointer({ buffer in
      OrderFastPath.decode(buffer, file: file, line: line, storeCurrency: storeCurrency)
    }) {
      return order
    }
    return try decodeLineFully(Array(bytes), file: file, line: line, storeCurrency: storeCurrency)
  }

  /// ``decodeLine(_:file:line:storeCurrency:)`` without the fast path: the reference the
  /// fast path is tested against.
  package static func decodeLineFully(
    _ bytes: [UInt8], file: String, line: Int, storeCurrency: Currency?
  ) throws(PromoError) -> Order {
    let root = try JSONDocument.parse(bytes, file: file, lineOffset: line - 1)
    var reader = SchemaReader()
    let order = read(
      root, at: .root, fallbackName: "\(file):\(line)", storeCurrency: storeCurrency, reader: &reader)
    if let first = JSONDocument.errors(reader, file: file, prefix: "line \(line)").first { throw first }
    return order!
  }

  private static func read(
    _ node: JSONNode, at path: JSONPath, fallbackName: @autoclosure () -> String, storeCurrency: Currency?,
    reader: inout SchemaReader
  ) -> Order? {
    let before = reader.problems.count
    guard let object = reader.object(node, at: path, keys: orderKeys, what: "an order") else { return nil }
    let id = reader.string("id", in: object)
    let ownCurrency = reader.currency("currency", in: object)
    if object.has("currency") && ownCurrency == nil { return nil }
    if let ownCurrency, let storeCurrency, ownCurrency != storeCurrency {
      reader.report(
        "the order is in \(ownCurrency.code) but the store is in \(storeCurrency.code); price it against a \(ownCurrency.code) store",
        at: path.appending(key: "currency"))
      return nil
    }
    let currency = ownCurrency ?? storeCurrency
    let orderID = id ?? fallbackName()
    let codes = readCodes(object, reader: &reader)
    let customer = readCustomer(object, reader: &reader)
    let shipping = reader.amount(
      "shipping", in: object, required: false, minorDigits: currency.minorDigits, currency: currency,
      allowsZero: true, maximum: Order.maximumAmount
    ).map { Money($0, minorDigits: currency.minorDigits)! }
    switch (object["items"], object.has("amount")) {
    case (.some, true):
      reader.report(
        "an order has exactly one of items and amount, not both", at: path.appending(key: "amount"))
    case (nil, false):
      reader.report(
        "missing the order's content: add \"items\" (an array of lines) or \"amount\" (a subtotal)",
        at: path.appending(key: "items"))
    case (nil, true):
      let amount = reader.amount(
        "amount", in: object, required: true, minorDigits: currency.minorDigits, currency: currency,
        allowsZero: true, maximum: Order.maximumAmount)
      guard reader.problems.count == before, let amount,
        let money = Money(amount, minorDigits: currency.minorDigits)
      else { return nil }
      do throws(OrderError) {
        return try Order(
          id: orderID, currency: currency, codes: codes, amount: money, shipping: shipping, customer: customer
        )
      } catch {
        // The checks above are the order's own, with their places; this is never reached.
        reader.report(error.description, at: path)
      }
    case (.some(let list), false):
      let listPath = path.appending(key: "items")
      guard case .array(let elements) = list.value else {
        reader.report("items must be an array, not \(list.value.typeName)", at: listPath)
        return nil
      }
      if elements.count > Order.maximumItems {
        reader.report(OrderError.tooManyItems(elements.count).description, at: listPath)
        return nil
      }
      var items: [OrderItem] = []
      for (index, element) in elements.enumerated() {
        if let item = readItem(
          element, at: listPath.appending(index: index), currency: currency, reader: &reader)
        {
          items.append(item)
        }
      }
      guard reader.problems.count == before else { return nil }
      do throws(OrderError) {
        return try Order(
          id: orderID, currency: currency, codes: codes, items: items, shipping: shipping, customer: customer)
      } catch {
        // The checks above are the order's own, with their places; this is never reached.
        reader.report(error.description, at: listPath)
      }
    }
    return nil
  }

  private static func readItem(
    _ node: JSONNode, at path: JSONPath, currency: Currency?, reader: inout SchemaReader
  ) -> OrderItem? {
    let before = reader.problems.count
    guard let object = reader.object(node, at: path, keys: itemKeys, what: "an item") else { return nil }
    let sku = reader.string("sku", in: object)
    let name = reader.string("name", in: object)
    let categories = reader.strings("categories", in: object)
    if let categories {
      checkList(
        categories, "categories", at: path, most: OrderItem.maximumCategories, holder: "an item has",
        reader: &reader)
    }
    let unitPrice = reader.amount(
      "unitPrice", in: object, required: true, minorDigits: currency.minorDigits, currency: currency,
      allowsZero: true, maximum: Order.maximumAmount)
    let quantity = reader.integer(
      "quantity", in: object, required: true, range: 1...OrderItem.maximumQuantity)
    guard reader.problems.count == before, let unitPrice, let quantity,
      let price = Money(unitPrice, minorDigits: currency.minorDigits)
    else { return nil }
    do throws(OrderError) {
      return try OrderItem(
        sku: sku, name: name, categories: categories ?? [], unitPrice: price, quantity: quantity)
    } catch {
      // The checks above are the item's own, with their places; this is never reached.
      reader.report(error.description, at: path)
      return nil
    }
  }

  /// The order's coupon codes: at most 16, each 1 to 32 characters of `A–Z a–z 0–9 _ -`.
  private static func readCodes(_ object: ObjectFields, reader: inout SchemaReader) -> [String] {
    guard let codes = reader.strings("codes", in: object) else { return [] }
    let path = object.path.appending(key: "codes")
    if codes.count > Order.maximumCodes {
      reader.report(OrderError.tooManyCodes(codes.count).description, at: path)
      return []
    }
    for (index, code) in codes.enumerated() where !CouponCode.isValid(code) {
      reader.report(OrderError.invalidCode(code).description, at: path.appending(index: index))
    }
    return codes
  }

  /// The order's customer: an optional id and at most 100 distinct group names.
  private static func readCustomer(_ object: ObjectFields, reader: inout SchemaReader) -> Customer? {
    guard let node = object["customer"] else { return nil }
    let path = object.path.appending(key: "customer")
    guard let fields = reader.object(node, at: path, keys: customerKeys, what: "a customer") else {
      return nil
    }
    let id = reader.string("id", in: fields)
    let groups = reader.strings("groups", in: fields) ?? []
    checkList(
      groups, "groups", at: path, most: Customer.maximumGroups, holder: "a customer is in", reader: &reader)
    return Customer(id: id, groups: groups)
  }

  /// Reports what is wrong with the list at `field` of the object at `path`, if anything:
  /// more than `most` entries (the message says "`holder` at most `most`"), an empty entry
  /// or one there twice.
  private static func checkList(
    _ list: [String], _ field: String, at path: JSONPath, most: Int, holder: String,
    reader: inout SchemaReader
  ) {
    let listPath = path.appending(key: field)
    if list.count > most {
      reader.report("\(field) has \(list.count) entries; \(holder) at most \(most)", at: listPath)
    } else if let problem = distinctNonEmpty(list) {
      reader.report("\(field) \(problem)", at: listPath)
    }
  }

  /// What is wrong with a list that must hold distinct non-empty strings, if anything.
  private static func distinctNonEmpty(_ list: [String]) -> String? {
    var seen = Set<String>()
    for entry in list {
      if entry.isEmpty { return "has an empty string; every entry needs at least one character" }
      if !seen.insert(entry).inserted { return "has \"\(entry)\" twice; entries must be distinct" }
    }
    return nil
  }
}

// How `promo report --merge` reads a report's `gifts` (store format 4): one
// `{"id","orders","quantity"}` per gift promotion granted.

extension PricingReportDecoder {
  /// The keys of one gift count.
  static let giftKeys = ["id", "orders", "quantity"]

  /// The gift counts of a report of `orders` orders, as written: none when it has no
  /// `gifts`; `nil` when `gifts` is not an array. Every problem is reported, those of
  /// ``checkGifts(_:orders:reader:)`` too.
  static func readGifts(_ object: ObjectFields, orders: Int64, reader: inout SchemaReader) -> [GiftCount]? {
    let path = object.path.appending(key: "gifts")
    guard let node = object["gifts"] else { return [] }
    guard case .array(let elements) = node.value else {
      reader.report("gifts must be an array, not \(node.value.typeName)", at: path)
      return nil
    }
    var counts: [GiftCount] = []
    var seen: Set<String> = []
    for (index, element) in elements.enumerated() {
      let place = path.appending(index: index)
      guard let fields = reader.object(element, at: place, keys: giftKeys, what: "a gift") else { continue }
      let id = reader.string("id", in: fields, required: true)
      let granted = reader.integer("orders", in: fields, required: true, range: 1...Int64.max)
      let quantity = reader.integer("quantity", in: fields, required: true, range: 1...Int64.max)
      if let id {
        if id.isEmpty {
          reader.report("id must not be empty", at: place.appending(key: "id"))
        } else if !seen.insert(id).inserted {
          reader.report("gift \"\(id)\" appears twice", at: place.appending(key: "id"))
        }
      }
      guard let id, let granted, let quantity else { continue }
      counts.append(GiftCount(id: id, orders: granted, quantity: quantity))
    }
    checkGifts(counts, orders: orders, reader: &reader)
    return counts
  }

  /// Reports each gift count that disagrees with the report: granted with more orders than
  /// the report counts, or in fewer units than orders (every grant is at least one unit).
  static func checkGifts(_ counts: [GiftCount], orders: Int64, reader: inout SchemaReader) {
    for (index, count) in counts.enumerated() {
      let place = JSONPath.root.appending(key: "gifts").appending(index: index)
      if count.orders > orders {
        reader.report(
          "orders \(count.orders) is more than the report's \(orders) orders",
          at: place.appending(key: "orders"))
      } else if count.quantity < count.orders {
        reader.report(
          "quantity \(count.quantity) is less than its \(count.orders) orders (each got at least one unit)",
          at: place.appending(key: "quantity"))
      }
    }
  }
}

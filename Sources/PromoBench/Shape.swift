import PromoLibc

/// A shape of store for the per-order and load rows: how its promotions and its orders are
/// drawn. Each shape gives a big store, a store of 12 promotions drawn from the same
/// generator (the "same shape" store), and orders: a long run of ``Inputs/orderCount`` and
/// a run of its first order alone.
struct Shape: Sendable {
  /// The name `PROMO_BENCH_ONLY` selects the shape's rows by.
  var name: String
  /// What the rows say about the big store and its orders.
  var title: String
  /// The store's `version`.
  var version: Int
  /// How many promotions the big store has.
  var count: Int
  /// The seed the stores and orders are drawn from.
  var seed: UInt64
  /// Whether each store has orders of its own (the coupon shape's orders present codes of
  /// the store they are priced against); otherwise both stores price the same orders.
  var ordersPerStore = false
  /// Promotion `index` of a store of `count` promotions, as a JSON object.
  var promotion: @Sendable (_ random: inout Inputs.Sequence, _ index: Int, _ count: Int) -> String
  /// Order `index` for a store of `count` promotions, as one JSON line without its newline.
  var order: @Sendable (_ random: inout Inputs.Sequence, _ index: Int, _ count: Int) -> String

  /// The promotions of the "same shape" store.
  static let smallCount = 12
}

/// The files of one shape in the bench folder.
struct ShapeFiles {
  /// The big store.
  var big: String
  /// The store of 12 promotions of the same shape.
  var small: String
  /// The long run of orders priced against the big store.
  var bigOrders: String
  /// Its first order alone.
  var bigOrder: String
  /// The long run of orders priced against the small store (the big store's unless the
  /// shape has ``Shape/ordersPerStore``).
  var smallOrders: String
  /// Its first order alone.
  var smallOrder: String
}

/// Writing a shape's files.
extension Inputs {
  /// The files of `shape`, written unless the ones there were drawn from the same seed and
  /// order count (a stamp file records both, written last).
  func files(of shape: Shape) -> ShapeFiles {
    let prefix = folder + "/" + shape.name
    var files = ShapeFiles(
      big: prefix + "-big.json", small: prefix + "-small.json", bigOrders: prefix + "-orders.jsonl",
      bigOrder: prefix + "-order.jsonl", smallOrders: prefix + "-orders.jsonl",
      smallOrder: prefix + "-order.jsonl")
    if shape.ordersPerStore {
      files.smallOrders = prefix + "-small-orders.jsonl"
      files.smallOrder = prefix + "-small-order.jsonl"
    }
    let stamp = prefix + ".stamp"
    let wanted = "seed \(shape.seed), \(shape.count) promotions, \(orderCount) orders"
    if Self.firstLine(stamp) == wanted { return files }
    unlink(stamp)
    complain("promo-bench: writing the \(shape.name) stores and orders (\(wanted))")
    writeStore(files.big, shape, count: shape.count, salt: 1)
    writeStore(files.small, shape, count: Shape.smallCount, salt: 2)
    writeOrders(files.bigOrders, files.bigOrder, shape, storeCount: shape.count)
    if shape.ordersPerStore {
      writeOrders(files.smallOrders, files.smallOrder, shape, storeCount: Shape.smallCount)
    }
    rewrite(stamp) { $0(wanted + "\n") }
    return files
  }

  /// A store of `count` promotions of `shape`, one a line.
  func writeStore(_ path: String, _ shape: Shape, count: Int, salt: UInt64) {
    var random = Sequence(seed: shape.seed, salt: salt)
    rewrite(
      path, header: #"{"version":\#(shape.version),"currency":"CNY","promotions":["# + "\n",
      count: count, footer: "]}\n"
    ) { index in
      (index > 0 ? ",\n" : "") + shape.promotion(&random, index, count)
    }
  }

  /// ``orderCount`` orders of `shape` for a store of `storeCount` promotions, and the first
  /// of them alone.
  func writeOrders(_ path: String, _ single: String, _ shape: Shape, storeCount: Int) {
    var random = Sequence(seed: shape.seed, salt: 3)
    rewrite(path, count: orderCount) { index in shape.order(&random, index, storeCount) + "\n" }
    let first = Self.firstLine(path)
    rewrite(single) { $0(first + "\n") }
  }
}

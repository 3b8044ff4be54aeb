import PromoLibc

/// The per-order and load rows: what one order costs against a big store over what it
/// costs against a store of 12 promotions of the same shape, and what reading and
/// preparing the big store costs over `jq length` of it.
///
/// With T(store, n) the best time of pricing n orders: **per order** is
/// (T(big, N) − T(big, 1)) / (N − 1) over the same for the small store, and **load** is
/// T(big, 1) / T(`jq length` big). Reading a store faster lowers both or neither.
extension Report {
  /// The per-order target: an order against the big store costs at most this many times
  /// what it costs against the small one.
  static let perOrderTarget = 4.0
  /// The load target: one order against the big store, over `jq length` of it.
  static let loadTarget = 0.5
  /// The per-order target of the switched-off format-3 promotion.
  static let inactiveTarget = 1.2

  /// The arguments that price `orders` (JSON Lines) against `store`.
  static func price(_ promo: String, _ inputs: Inputs, _ orders: String, _ store: String) -> [String] {
    [promo, "price", "--lines", orders, "--store", store, "--at", inputs.at, "--format", "json"]
  }

  /// The per-order and load rows of `shape`. When the orders add less time than reading the
  /// big store takes, the per-order figure is a small difference of two large times, and
  /// the row says it is noisy.
  mutating func measureShape(promo: String, inputs: Inputs, shape: Shape) {
    let files = inputs.files(of: shape)
    let name = shape.title
    guard Self.validates(promo, files.big, inputs), Self.validates(promo, files.small, inputs) else {
      rows.append(Row(name: name + ": STORE REFUSED", subject: "-", baseline: "-", ratio: .nan, target: 0))
      return
    }
    var commands = [
      Self.price(promo, inputs, files.bigOrders, files.big),
      Self.price(promo, inputs, files.bigOrder, files.big),
      Self.price(promo, inputs, files.smallOrders, files.small),
      Self.price(promo, inputs, files.smallOrder, files.small),
    ]
    let jq = Runner.which("jq")
    if let jq { commands.append([jq, "length", files.big]) }
    let (best, failed) = Self.bestInTurn(commands)
    let big = perOrder(best[0], best[1], inputs.orderCount)
    let small = perOrder(best[2], best[3], inputs.orderCount)
    rows.append(
      Row(
        name: "per order: \(name), \(grouped(inputs.orderCount)) orders",
        subject: microseconds(big) + " an order"
          + (best[0] - best[1] < best[1] ? " (orders < load: noisy)" : ""),
        baseline: "\(Shape.smallCount) promotions " + microseconds(small),
        ratio: failed ? .nan : big / small, target: Self.perOrderTarget))
    rows.append(
      Row(
        name: "load: \(name), one order", subject: seconds(best[1]),
        baseline: jq == nil ? "jq not installed" : "jq length " + seconds(best[4]),
        ratio: jq == nil || failed ? .nan : best[1] / best[4], target: jq == nil ? nil : Self.loadTarget))
  }

  /// The row of the selection store re-written as version 3 with one switched-off shipping
  /// deal, against the same promotions as version 1: per order (target 1.2×), and one
  /// order (no target).
  mutating func measureInactiveFormat3(promo: String, inputs: Inputs) {
    let plain = inputs.files(of: .selection)
    let withDeal = inputs.files(of: .selectionWithInactiveShipping)
    guard Self.validates(promo, withDeal.big, inputs) else {
      rows.append(
        Row(
          name: "switched-off format-3 deal: STORE REFUSED", subject: "-", baseline: "-", ratio: .nan,
          target: 0))
      return
    }
    let (best, failed) = Self.bestInTurn([
      Self.price(promo, inputs, plain.bigOrders, withDeal.big),
      Self.price(promo, inputs, plain.bigOrder, withDeal.big),
      Self.price(promo, inputs, plain.bigOrders, plain.big),
      Self.price(promo, inputs, plain.bigOrder, plain.big),
    ])
    let subject = perOrder(best[0], best[1], inputs.orderCount)
    let baseline = perOrder(best[2], best[3], inputs.orderCount)
    rows.append(
      Row(
        name: "per order: selection store as v3 + 1 switched-off shipping deal, "
          + "\(grouped(inputs.orderCount)) orders",
        subject: microseconds(subject) + " an order", baseline: "as v1 " + microseconds(baseline),
        ratio: failed ? .nan : subject / baseline, target: Self.inactiveTarget))
    rows.append(
      Row(
        name: "one order: selection store as v3 + 1 switched-off shipping deal", subject: seconds(best[1]),
        baseline: "as v1 " + seconds(best[3]), ratio: failed ? .nan : best[1] / best[3], target: nil))
  }

  /// What one more order costs, from the times of `count` orders and of one.
  func perOrder(_ many: Double, _ one: Double, _ count: Int) -> Double { (many - one) / Double(count - 1) }

  /// `value` seconds in microseconds.
  func microseconds(_ value: Double) -> String { format(value * 1e6, 2) + " µs" }

  /// The best time of each command, run in turn: 8 rounds, or as many as fit in 45
  /// seconds but at least 2 (a store that makes an order cost 100 times more than it should
  /// needs no third round to show it; a row near its target gets 8). Whether any run failed
  /// (reported on standard error).
  static func bestInTurn(_ commands: [[String]]) -> (best: [Double], failed: Bool) {
    var best = [Double](repeating: .infinity, count: commands.count)
    var failed = false
    let start = Runner.now()
    for round in 0..<8 {
      if round >= 2 && Runner.now() - start > 45 { break }
      for (index, command) in commands.enumerated() {
        let run = Runner.run(command)
        if run.status != 0 {
          if !failed { complain("promo-bench: \(command.joined(separator: " ")) exited with \(run.status)") }
          failed = true
        }
        best[index] = min(best[index], run.seconds)
      }
    }
    return (best, failed)
  }

  /// Whether `promo validate` accepts `store` (warnings allowed); what it printed on
  /// standard error is left beside the store (`STORE.validate.txt`).
  static func validates(_ promo: String, _ store: String, _ inputs: Inputs) -> Bool {
    let report = store + ".validate.txt"
    let run = Runner.run(
      [promo, "validate", store, "--at", inputs.at, "--quiet"], stdout: "/dev/null", stderr: report)
    if run.status != 0 {
      complain("promo-bench: promo validate \(store) exited with \(run.status): see \(report)")
    }
    return run.status == 0
  }
}

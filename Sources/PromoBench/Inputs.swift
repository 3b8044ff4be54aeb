import PromoLibc

/// The benchmark's inputs. The streams of the batch, jobs, memory and text rows and the
/// start-up order are drawn from fixed seeds, so those rows measure the same bytes on every
/// run; the stores of the per-order rows and of the store rows are drawn from `seed`, which
/// varies from run to run (see ``Shape``).
struct Inputs {
  /// The folder every input is written to (`BENCH_DIR`).
  let folder: String
  /// The seed of this run's generated stores and their orders (`PROMO_BENCH_SEED`).
  let seed: UInt64
  /// How many orders the per-order rows price in their long runs (`PROMO_BENCH_ORDERS`).
  let orderCount: Int
  /// The start-up row's store of four promotions (version 1).
  var smallStore: String { folder + "/store-small.json" }
  /// The start-up row's order of two lines.
  var order: String { folder + "/order.json" }
  /// The batch rows' stream of 1,000,000 orders (80 MB).
  var orders1M: String { folder + "/orders-1m.jsonl" }
  /// Its first 100,000 orders (the memory rows' baseline).
  var orders100k: String { folder + "/orders-100k.jsonl" }
  /// The instant every row prices at.
  let at = "2026-11-22T12:00:00+08:00"

  /// Writes the inputs of the start-up, batch, jobs, memory and text rows that are not there
  /// yet (the per-order and store rows write theirs when they run).
  func generate() {
    write(smallStore) { output in
      output(
        #"""
        {"version":1,"currency":"CNY","promotions":[
        {"id":"autumn-20","kind":"discount","percentOff":"20","stackable":true},
        {"id":"spend100-save15","kind":"threshold","minimumAmount":"100.00","amountOff":"15.00","stackable":true},
        {"id":"spend300-save150","kind":"threshold","minimumAmount":"300.00","amountOff":"150.00"},
        {"id":"flash-40-off","kind":"discount","amountOff":"40.00"}]}
        """#)
    }
    write(order) {
      $0(
        #"{"id":"A-1001","items":[{"sku":"tea","unitPrice":"25.00","quantity":2},{"sku":"cup","unitPrice":"39.00","quantity":2}]}"#
      )
    }
    write(orders1M) { output in Self.orders(count: 1_000_000, into: output) }
    write(orders100k) { output in Self.orders(count: 100_000, into: output) }
  }

  /// A deterministic sequence of pseudo-random numbers (a linear congruential generator).
  struct Sequence {
    /// The generator's state: the seed, then every draw's.
    var state: UInt64

    /// A sequence for `seed`, mixed with `salt` so that the stores and orders of one seed
    /// are not drawn from the same numbers.
    init(seed: UInt64, salt: UInt64 = 0) {
      var mixed = (seed ^ (salt &* 0x9E37_79B9_7F4A_7C15)) &+ 0x9E37_79B9_7F4A_7C15
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      state = mixed ^ (mixed >> 31)
    }

    /// A sequence starting from `state` as it is (the fixed streams of the batch rows).
    init(state: UInt64) { self.state = state }

    /// A number below `bound`.
    mutating func next(_ bound: UInt64) -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (state >> 33) % bound
    }

    /// Whether a draw of one in `chances` came up.
    mutating func oneIn(_ chances: UInt64) -> Bool { next(chances) == 0 }
  }

  /// The batch rows' stream: half orders given by amount, half of 1 to 4 lines over 99 SKUs,
  /// drawn from a fixed seed.
  static func orders(count: Int, into output: (String) -> Void) {
    var random = Sequence(state: 42)
    var chunk = ""
    for index in 0..<count {
      chunk += plainOrder(&random, index) + "\n"
      if chunk.utf8.count > 1 << 16 {
        output(chunk)
        chunk = ""
      }
    }
    output(chunk)
  }

  /// An order given by amount (0–60,000) or by 1 to 4 lines over 99 SKUs, one draw in two.
  static func plainOrder(_ random: inout Sequence, _ index: Int) -> String {
    if random.oneIn(2) {
      return #"{"id":"O-\#(index)","amount":"\#(random.next(60_000)).\#(cents(random.next(100)))"}"#
    }
    var items: [String] = []
    for _ in 0...random.next(3) {
      items.append(
        #"{"sku":"s\#(random.next(99))","unitPrice":"\#(random.next(200)).\#(cents(random.next(100)))","quantity":\#(1 + random.next(5))}"#
      )
    }
    return #"{"id":"O-\#(index)","items":[\#(items.joined(separator: ","))]}"#
  }

  /// `value` (below 100) as two digits.
  static func cents(_ value: UInt64) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// Writes `path` through `body` unless it is there (a `.partial` file renamed when done).
  func write(_ path: String, _ body: ((String) -> Void) -> Void) {
    if access(path, F_OK) == 0 { return }
    rewrite(path, body)
  }

  /// Writes `path` through `body`, replacing it (a `.partial` file renamed when done).
  func rewrite(_ path: String, _ body: ((String) -> Void) -> Void) {
    guard let file = fopen(path + ".partial", "w") else {
      complain("promo-bench: cannot write \(path)\n")
      exit(73)
    }
    body { text in fputs(text, file) }
    fclose(file)
    rename(path + ".partial", path)
  }

  /// Writes `path` as `header`, then `count` pieces drawn by `piece` (its index and whether it
  /// is the first), then `footer`, in chunks of about 64 KiB.
  func rewrite(
    _ path: String, header: String = "", count: Int, footer: String = "", piece: (Int) -> String
  ) {
    rewrite(path) { output in
      output(header)
      var chunk = ""
      for index in 0..<count {
        chunk += piece(index)
        if chunk.utf8.count > 1 << 16 {
          output(chunk)
          chunk = ""
        }
      }
      output(chunk + footer)
    }
  }

  /// The first line of `path` (without its newline), or an empty string.
  static func firstLine(_ path: String) -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(line) }
    guard getline(&line, &capacity, file) > 0, let line else { return "" }
    var text = String(cString: line)
    if text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}

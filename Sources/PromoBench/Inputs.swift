import PromoLibc

/// The benchmark's inputs, generated deterministically (a fixed linear congruential
/// sequence), so that every run measures the same bytes.
struct Inputs {
  let folder: String
  var smallStore: String { folder + "/store-small.json" }
  var order: String { folder + "/order.json" }
  var orders1M: String { folder + "/orders-1m.jsonl" }
  var orders100k: String { folder + "/orders-100k.jsonl" }
  var orders100: String { folder + "/orders-100.jsonl" }
  var orders10k: String { folder + "/orders-10k.jsonl" }
  var bigStoreOn: String { folder + "/store-100k-working.json" }
  var bigStoreOff: String { folder + "/store-100k-switched-off.json" }
  /// The working store of 100,000 promotions as `promo` writes it (two-space indentation).
  var bigStoreCanonical: String { folder + "/store-100k-canonical.json" }
  var itemOrders: String { folder + "/orders-items-5k.jsonl" }
  var itemStoreOn: String { folder + "/store-items-20k-working.json" }
  var itemStoreOff: String { folder + "/store-items-20k-switched-off.json" }
  let at = "2026-11-22T12:00:00+08:00"

  /// Writes every input that is not there yet.
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
    write(orders100) { output in Self.orders(count: 100, into: output) }
    write(orders10k) { output in Self.orders(count: 10_000, into: output) }
    write(itemOrders) { output in Self.itemOrders(count: 5_000, lines: 20, into: output) }
    write(itemStoreOn) { output in Self.itemStore(count: 20_000, active: true, into: output) }
    write(itemStoreOff) { output in Self.itemStore(count: 20_000, active: false, into: output) }
    write(bigStoreOn) { output in Self.store(count: 100_000, active: true, into: output) }
    write(bigStoreOff) { output in Self.store(count: 100_000, active: false, into: output) }
    write(bigStoreCanonical) { output in Self.canonicalStore(count: 100_000, into: output) }
  }

  /// A deterministic sequence of pseudo-random numbers.
  struct Sequence {
    var state: UInt64
    mutating func next(_ bound: UInt64) -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (state >> 33) % bound
    }
  }

  static func orders(count: Int, into output: (String) -> Void) {
    var random = Sequence(state: 42)
    var chunk = ""
    for index in 0..<count {
      if random.next(2) == 0 {
        chunk +=
          #"{"id":"O-\#(index)","amount":"\#(random.next(60_000)).\#(cents(random.next(100)))"}"# + "\n"
      } else {
        var items: [String] = []
        for _ in 0...random.next(3) {
          items.append(
            #"{"sku":"s\#(random.next(99))","unitPrice":"\#(random.next(200)).\#(cents(random.next(100)))","quantity":\#(1 + random.next(5))}"#
          )
        }
        chunk += #"{"id":"O-\#(index)","items":[\#(items.joined(separator: ","))]}"# + "\n"
      }
      if chunk.utf8.count > 1 << 16 {
        output(chunk)
        chunk = ""
      }
    }
    output(chunk)
  }

  static func store(count: Int, active: Bool, into output: (String) -> Void) {
    var random = Sequence(state: 7)
    output(#"{"version":1,"currency":"CNY","promotions":["#)
    var chunk = ""
    for index in 0..<count {
      let switchOff = active ? "" : #","active":false"#
      let stackable = random.next(2) == 0 ? #","stackable":true"# : ""
      let benefit =
        random.next(2) == 0
        ? #""percentOff":"\#(1 + random.next(40)).\#(random.next(10))""#
        : #""amountOff":"\#(1 + random.next(300)).\#(cents(random.next(100)))""#
      let promotion =
        random.next(2) == 0
        ? #"{"id":"p\#(index)","kind":"discount",\#(benefit)\#(stackable)\#(switchOff)}"#
        : #"{"id":"p\#(index)","kind":"threshold","minimumAmount":"\#(random.next(2_000)).00",\#(benefit)\#(stackable)\#(switchOff)}"#
      chunk += (index > 0 ? "," : "") + promotion + "\n"
      if chunk.utf8.count > 1 << 16 {
        output(chunk)
        chunk = ""
      }
    }
    output(chunk + "]}\n")
  }

  /// The promotions of ``store(count:active:into:)`` (working), in the canonical form
  /// `promo` writes: keys in the store's order, two-space indentation, a final newline.
  static func canonicalStore(count: Int, into output: (String) -> Void) {
    var random = Sequence(state: 7)
    output("{\n  \"version\": 1,\n  \"currency\": \"CNY\",\n  \"promotions\": [\n")
    var chunk = ""
    for index in 0..<count {
      let stackable = random.next(2) == 0
      let benefit =
        random.next(2) == 0
        ? "\"percentOff\": \"\(1 + random.next(40)).\(random.next(10))\""
        : "\"amountOff\": \"\(1 + random.next(300)).\(cents(random.next(100)))\""
      var lines = ["\"id\": \"p\(index)\""]
      if random.next(2) == 0 {
        lines.append("\"kind\": \"discount\"")
      } else {
        lines.append("\"kind\": \"threshold\"")
        lines.append("\"minimumAmount\": \"\(random.next(2_000)).00\"")
      }
      // A percentage is written without trailing zeros: "12.0" is "12".
      lines.append(benefit.replacingSuffix(".0\"", with: "\""))
      if stackable { lines.append("\"stackable\": true") }
      chunk +=
        "    {\n      " + lines.joined(separator: ",\n      ") + "\n    }"
        + (index < count - 1 ? ",\n" : "\n")
      if chunk.utf8.count > 1 << 16 {
        output(chunk)
        chunk = ""
      }
    }
    output(chunk + "  ]\n}\n")
  }

  /// Orders of `lines` lines each over 5,000 SKUs, each line in 1 or 2 of 50 categories.
  static func itemOrders(count: Int, lines: Int, into output: (String) -> Void) {
    var random = Sequence(state: 11)
    var chunk = ""
    for index in 0..<count {
      var items: [String] = []
      for _ in 0..<lines {
        var categories = ["\"cat-\(random.next(50))\""]
        let second = "\"cat-\(random.next(50))\""
        if random.next(2) == 0 && second != categories[0] { categories.append(second) }
        items.append(
          #"{"sku":"sku-\#(random.next(5_000))","categories":[\#(categories.joined(separator: ","))],"unitPrice":"\#(1 + random.next(200)).\#(cents(random.next(100)))","quantity":\#(1 + random.next(6))}"#
        )
      }
      chunk += #"{"id":"I-\#(index)","items":[\#(items.joined(separator: ","))]}"# + "\n"
      if chunk.utf8.count > 1 << 16 {
        output(chunk)
        chunk = ""
      }
    }
    output(chunk)
  }

  /// A store of `count` item promotions: three quarters targeting 1 to 3 of 5,000 SKUs,
  /// nearly a quarter targeting 1 or 2 of 50 categories, 1% untargeted; every benefit kind;
  /// and 100 discounts and thresholds.
  static func itemStore(count: Int, active: Bool, into output: (String) -> Void) {
    var random = Sequence(state: 13)
    output(#"{"version":2,"currency":"CNY","promotions":["#)
    var chunk = ""
    let switchOff = active ? "" : #","active":false"#
    for index in 0..<count {
      let stackable = random.next(2) == 0 ? #","stackable":true"# : ""
      var target = ""
      switch random.next(100) {
      case 0..<75:
        let skus = Set((0...random.next(3)).map { _ in "\"sku-\(random.next(5_000))\"" })
        target = #","target":{"skus":[\#(skus.sorted().joined(separator: ","))]}"#
      case 75..<99:
        let categories = Set((0...random.next(2)).map { _ in "\"cat-\(random.next(50))\"" })
        target = #","target":{"categories":[\#(categories.sorted().joined(separator: ","))]}"#
      default: break
      }
      let benefit: String
      switch random.next(20) {
      case 0..<7: benefit = #""percentOff":"\#(5 + random.next(46))""#
      case 7..<12: benefit = #""amountOff":"\#(random.next(10)).\#(cents(1 + random.next(99)))""#
      case 12..<16: benefit = #""fixedPrice":"\#(1 + random.next(50)).00""#
      default:
        benefit =
          #""buy":\#(1 + random.next(3)),"get":\#(1 + random.next(2)),"percentOff":"\#(random.next(2) == 0 ? 50 : 100)""#
      }
      let promotion = #"{"id":"i\#(index)","kind":"item"\#(target),\#(benefit)\#(stackable)\#(switchOff)}"#
      chunk += (index > 0 ? "," : "") + promotion + "\n"
      if chunk.utf8.count > 1 << 16 {
        output(chunk)
        chunk = ""
      }
    }
    for index in 0..<100 {
      let stackable = random.next(2) == 0 ? #","stackable":true"# : ""
      let benefit =
        random.next(2) == 0
        ? #""percentOff":"\#(1 + random.next(30))""# : #""amountOff":"\#(1 + random.next(200)).00""#
      chunk +=
        random.next(2) == 0
        ? #",{"id":"d\#(index)","kind":"discount",\#(benefit)\#(stackable)\#(switchOff)}"# + "\n"
        : #",{"id":"t\#(index)","kind":"threshold","minimumAmount":"\#(random.next(3_000)).00",\#(benefit)\#(stackable)\#(switchOff)}"#
          + "\n"
    }
    output(chunk + "]}\n")
  }

  static func cents(_ value: UInt64) -> String { value < 10 ? "0\(value)" : "\(value)" }

  func write(_ path: String, _ body: ((String) -> Void) -> Void) {
    if access(path, F_OK) == 0 { return }
    guard let file = fopen(path + ".partial", "w") else {
      complain("promo-bench: cannot write \(path)\n")
      exit(73)
    }
    body { text in fputs(text, file) }
    fclose(file)
    rename(path + ".partial", path)
  }
}

extension String {
  /// The string with `suffix` replaced by `replacement` when it ends with it.
  fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
  }
}

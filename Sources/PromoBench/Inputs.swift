#if canImport(Glibc)
  import Glibc
#endif

/// The benchmark's inputs, generated deterministically (a fixed linear congruential
/// sequence), so that every run measures the same bytes.
struct Inputs {
  let folder: String
  var smallStore: String { folder + "/store-small.json" }
  var order: String { folder + "/order.json" }
  var orders1M: String { folder + "/orders-1m.jsonl" }
  var orders100k: String { folder + "/orders-100k.jsonl" }
  var orders100: String { folder + "/orders-100.jsonl" }
  var bigStoreOn: String { folder + "/store-100k-working.json" }
  var bigStoreOff: String { folder + "/store-100k-switched-off.json" }
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
    write(bigStoreOn) { output in Self.store(count: 100_000, active: true, into: output) }
    write(bigStoreOff) { output in Self.store(count: 100_000, active: false, into: output) }
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

  static func cents(_ value: UInt64) -> String { value < 10 ? "0\(value)" : "\(value)" }

  private func write(_ path: String, _ body: ((String) -> Void) -> Void) {
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

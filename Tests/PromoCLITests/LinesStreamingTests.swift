import Foundation
import Testing

@Suite("price --lines streams JSON Lines")
struct LinesStreamingTests {
  let store = PromoBinary.fixtures.appendingPathComponent("promotions.json").path
  let at = "2026-11-22T12:00:00+08:00"

  /// Deterministic orders: amounts and item lists spread over the sample store's minimums.
  static func orders(count: Int) -> [String] {
    var state: UInt64 = 0x5EED
    func next(_ bound: UInt64) -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (state >> 33) % bound
    }
    return (0..<count).map { index in
      if next(2) == 0 {
        return
          #"{"id":"L-\#(index)","amount":"\#(next(60_000) / 100).\#(String(format: "%02d", next(100)))"}"#
      }
      let items = (0..<(1 + next(4))).map { _ in
        #"{"sku":"s\#(next(9))","unitPrice":"\#(next(200)).\#(String(format: "%02d", next(100)))","quantity":\#(1 + next(5))}"#
      }
      return #"{"id":"L-\#(index)","items":[\#(items.joined(separator: ","))]}"#
    }
  }

  @Test("--lines gives exactly the results of pricing the same orders one by one")
  func streamingMatchesOneByOne() {
    let orders = Self.orders(count: 300)
    let streamed = InProcessRun(
      ["price", "--lines", "-", "--store", store, "--at", at, "--format", "json"],
      stdin: orders.joined(separator: "\n") + "\n")
    #expect(streamed.status == 0)
    #expect(streamed.stderr.isEmpty)
    let oneByOne = orders.map { order in
      InProcessRun(["price", "-", "--store", store, "--at", at, "--format", "json"], stdin: order).stdout
    }
    #expect(streamed.stdout == oneByOne.joined())
    // And the same as one array file priced at once.
    let batch = InProcessRun(
      ["price", "-", "--store", store, "--at", at, "--format", "json"],
      stdin: "[" + orders.joined(separator: ",") + "]")
    #expect(streamed.stdout == batch.stdout)
  }

  @Test("bad lines are reported with their line numbers; every good line is still priced; status 65")
  func badLinesCarryLineNumbers() {
    let lines = [
      #"{"id":"ok-1","amount":"10.00"}"#,
      #"{"id":"bad-2","amount":"10.001"}"#,
      "",
      #"{"id":"bad-4","amount":"10.00",}"#,
      #"{"id":"ok-5","amount":"20.00"}"#,
      #"{"id":"bad-6","items":[{"unitPrice":"1.00","quantity":0}]}"#,
      #"{"id":"ok-7","amount":"30.00"}"#,
    ]
    let run = InProcessRun(
      ["price", "--lines", "-", "--store", store, "--at", at, "--format", "json"],
      stdin: lines.joined(separator: "\r\n"))
    #expect(run.status == 65)
    let priced = run.stdout.split(separator: "\n").map { $0.split(separator: "\"")[3] }
    #expect(priced == ["ok-1", "ok-5", "ok-7"])
    let errors = run.stderr.split(separator: "\n").map(String.init)
    #expect(errors.count == 3)
    #expect(errors[0].hasPrefix("promo: stdin: line 2: amount: "))
    #expect(errors[1].hasPrefix("promo: stdin: 4:31: trailing comma"))
    #expect(errors[2].hasPrefix("promo: stdin: line 6: items[0].quantity: "))

    let failFast = InProcessRun(
      ["price", "--lines", "--fail-fast", "-", "--store", store, "--at", at, "--format", "json"],
      stdin: lines.joined(separator: "\n"))
    #expect(failFast.status == 65)
    #expect(failFast.stdout.split(separator: "\n").count == 1)
    #expect(failFast.stderr.split(separator: "\n").count == 1)
  }

  @Test("an order without an id is named after its stream and line")
  func unnamedOrdersTakeTheirLine() {
    let run = InProcessRun(
      ["price", "--lines", "-", "--store", store, "--at", at, "--format", "json"],
      stdin: "\n" + #"{"amount":"1.00"}"#)
    #expect(run.stdout.hasPrefix(#"{"order":"stdin:2","#))
  }

  @Test("a line longer than the limit is reported and skipped, and the stream goes on")
  func overlongLine() {
    let long = #"{"amount":"1.00","id":""# + String(repeating: "x", count: 17 << 20) + #""}"#
    let run = InProcessRun(
      ["price", "--lines", "-", "--store", store, "--at", at, "--format", "json"],
      stdin: long + "\n" + #"{"id":"after","amount":"2.00"}"# + "\n")
    #expect(run.status == 65)
    #expect(run.stderr == "promo: stdin: line 1: longer than 16 MiB\n")
    #expect(run.stdout.hasPrefix(#"{"order":"after","#))
  }

  @Test(
    "a line the store cannot price (its amounts do not fit the order's currency) is reported with its line")
  func storeAmountsNameTheLine() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-lines-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let plainStore = folder.appendingPathComponent("s.json").path
    try Data(#"{"version":1,"promotions":[{"id":"b","kind":"discount","amountOff":"15.50"}]}"#.utf8)
      .write(to: URL(fileURLWithPath: plainStore))
    let run = InProcessRun(
      ["price", "--lines", "-", "--store", plainStore, "--at", at, "--format", "json"],
      stdin: #"{"amount":"1"}"# + "\n" + #"{"currency":"JPY","amount":"100"}"# + "\n" + #"{"amount":"2"}"#
        + "\n")
    #expect(run.status == 65)
    #expect(run.stdout.split(separator: "\n").count == 2)
    #expect(
      run.stderr.hasPrefix("promo: stdin: line 2: cannot be priced: \(plainStore): promotions[0].amountOff: ")
    )
  }

  @Test(
    "a line just over the limit is skipped wherever it starts, one at the limit is read",
    arguments: [0, 1_000, 70_000])
  func lineLimitIsExact(before: Int) {
    let limit = 16 << 20
    /// A line of an order of exactly `length` bytes.
    func order(_ id: String, length: Int) -> String {
      let start = #"{"amount":"1.00","id":""# + id
      return start + String(repeating: "x", count: length - start.utf8.count - 2) + #""}"#
    }
    let padding = order("pad", length: max(before, 40))
    let run = InProcessRun(
      ["price", "--lines", "-", "--store", store, "--at", at, "--format", "json"],
      stdin: padding + "\n" + order("over", length: limit + 1) + "\n" + order("at", length: limit) + "\n")
    #expect(run.status == 65)
    #expect(run.stderr == "promo: stdin: line 2: longer than 16 MiB\n")
    #expect(run.stdout.split(separator: "\n").count == 2)
  }

  @Test("an unterminated string on a later line is located on that line")
  func unterminatedStringPosition() {
    let run = InProcessRun(
      ["price", "--lines", "-", "--store", store, "--at", at],
      stdin: #"{"amount":"1.00"}"# + "\n\n" + #"{"id":"a","amount":"1.00}"# + "\n")
    #expect(
      run.stderr == "promo: stdin: 3:20: unterminated string: the input ends before its closing quote\n")
  }

  @Test("a duplicate key on a later line names both places on that line")
  func duplicateKeyPositions() {
    let run = InProcessRun(
      ["price", "--lines", "-", "--store", store, "--at", at],
      stdin: "\n\n" + #"{"amount":1,"amount":2}"# + "\n")
    #expect(run.stderr == "promo: stdin: 3:13: duplicate key \"amount\" (first at 3:2)\n")
  }
}

import Foundation
import PromoCLI
import PromoKit
import Testing

@Suite("promo price, run in-process")
struct PriceCommandTests {
  let store = PromoBinary.fixtures.appendingPathComponent("promotions.json").path
  let order = PromoBinary.fixtures.appendingPathComponent("orders/stack-wins.json").path

  @Test("without --at, the injected clock is the evaluation time, and it decides the window")
  func clockIsTheEvaluationTime() throws {
    // 2026-11-22T04:00:00Z: autumn-20 is working.
    let during = InProcessRun(
      ["price", order, "--store", store, "--format", "json"], now: Instant(secondsSinceEpoch: 1_795_320_000))
    #expect(during.status == 0)
    #expect(during.stdout.contains(#""evaluatedAt":"2026-11-22T04:00:00Z""#))
    #expect(during.stdout.contains(#""total":"87.40""#))
    // 2027-01-01T00:00:00Z: autumn-20 and the flash sale are over; winter-25 works alone.
    let after = InProcessRun(
      ["price", order, "--store", store, "--format", "json"], now: Instant(secondsSinceEpoch: 1_798_761_600))
    #expect(after.stdout.contains(#""evaluatedAt":"2027-01-01T00:00:00Z""#))
    #expect(after.stdout.contains(#""promotions":[{"id":"winter-25","discount":"32.00"}]"#))
  }

  @Test("an order of a file that cannot be priced names the file and the order, as a stream names its line")
  func unpricedOrderNamesItsFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("promo-unpriced-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // A store without a currency, an amount of 2 decimal places, and an order in yen.
    let store = folder.appendingPathComponent("store.json").path
    try Data(#"{"version":1,"promotions":[{"id":"d","kind":"discount","amountOff":"2.50"}]}"#.utf8)
      .write(to: URL(fileURLWithPath: store))
    let orders = folder.appendingPathComponent("orders.json").path
    try Data(
      #"[{"id":"C1","currency":"CNY","amount":"100.00"},{"id":"J1","currency":"JPY","amount":"100"}]"#.utf8
    )
    .write(to: URL(fileURLWithPath: orders))
    let run = InProcessRun(["price", orders, "--store", store, "--at", "2026-11-22T12:00:00Z"])
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.hasPrefix(
        "promo: \(orders): order J1: cannot be priced: \(store): promotions[0].amountOff: "))
  }

  @Test("an order alone, orders read whole and a stream: priced alike, explained alike")
  func oneOrderByAPass() throws {
    // An order alone in its file is priced by a pass over the promotions; orders read whole
    // and a stream, by the store prepared once; an explained order, always by the prepared
    // store: the results must not show it.
    let batch = PromoBinary.fixtures.appendingPathComponent("orders/report-batch.jsonl")
    let shop = PromoBinary.fixtures.appendingPathComponent("stores/report-shop.json").path
    let lines = try String(contentsOf: batch, encoding: .utf8).split(separator: "\n")
    #expect(lines.count >= 30)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("promo-batch-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let array = folder.appendingPathComponent("all.json")
    try Data(("[" + lines.joined(separator: ",") + "]").utf8).write(to: array)
    let alone = try lines.indices.map { index in
      let file = folder.appendingPathComponent("\(index).json")
      try Data(lines[index].utf8).write(to: file)
      return file.path
    }
    for format in ["json", "text"] {
      for explain in [false, true] {
        let common =
          ["--store", shop, "--at", "2026-11-22T12:00:00+08:00", "--format", format]
          + (explain ? ["--explain"] : [])
        let stream = InProcessRun(["price", "--lines", batch.path] + common)
        let whole = InProcessRun(["price", array.path] + common)
        let each = alone.map { InProcessRun(["price", $0] + common) }
        #expect(stream.status == 0 && whole.status == 0 && each.allSatisfy { $0.status == 0 })
        #expect(whole.stdout == stream.stdout, "--format \(format), explain \(explain)")
        let separator = format == "text" ? "\n" : ""
        #expect(
          each.map(\.stdout).joined(separator: separator) == stream.stdout,
          "--format \(format), explain \(explain), each order alone")
      }
    }
  }

  @Test("--at overrides the clock")
  func atOverridesClock() {
    let run = InProcessRun([
      "price", order, "--store", store, "--format", "json", "--at", "2026-10-01T00:00:00.250+02:00",
    ])
    #expect(run.stdout.contains(#""evaluatedAt":"2026-09-30T22:00:00.25Z""#))
  }

  @Test("the store comes from --store, else $PROMO_STORE, else ./promotions.json")
  func storeResolution() {
    let jpyStore = PromoBinary.fixtures.appendingPathComponent("stores/jpy.json").path
    let jpyOrder = PromoBinary.fixtures.appendingPathComponent("orders/jpy.json").path
    let fromEnvironment = InProcessRun(
      ["price", jpyOrder, "--format", "json"], environment: ["PROMO_STORE": jpyStore])
    #expect(fromEnvironment.status == 0)
    #expect(fromEnvironment.stdout.contains(#""currency":"JPY""#))
    let flagWins = InProcessRun(
      ["price", order, "--store", store, "--format", "json"], environment: ["PROMO_STORE": jpyStore])
    #expect(flagWins.stdout.contains(#""currency":"CNY""#))
    let missing = InProcessRun(["price", order], environment: ["PROMO_STORE": "/nonexistent/store.json"])
    #expect(missing.status == 66)
    #expect(missing.stderr.hasPrefix("promo: /nonexistent/store.json: no promotion store here"))
  }

  @Test("standard input is read for -")
  func readsStandardInput() {
    let run = InProcessRun(
      ["price", "-", "--store", store, "--format", "json"], stdin: #"{"amount":"10.00"}"#)
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix(#"{"order":"stdin","currency":"CNY","subtotal":"10.00""#))
  }

  @Test("text output is coloured only on a terminal with NO_COLOR unset (an empty NO_COLOR turns it off too)")
  func colourOnlyOnTerminals() {
    let arguments = ["price", order, "--store", store]
    #expect(InProcessRun(arguments, terminal: true).stdout.contains("\u{1B}["))
    #expect(!InProcessRun(arguments, terminal: false).stdout.contains("\u{1B}["))
    #expect(
      !InProcessRun(arguments, environment: ["NO_COLOR": "1"], terminal: true).stdout.contains("\u{1B}["))
    // Set but empty still counts as set: the contract says "unset".
    #expect(
      !InProcessRun(arguments, environment: ["NO_COLOR": ""], terminal: true).stdout.contains("\u{1B}["))
    #expect(!InProcessRun(arguments + ["--format", "json"], terminal: true).stdout.contains("\u{1B}["))
  }

  @Test("an error is one line even when a file name holds a line break")
  func errorsStayOnOneLine() {
    let run = InProcessRun(["price", "no\nsuch.json", "--store", store])
    #expect(run.status == 66)
    #expect(run.stderr == "promo: no\\nsuch.json: no such file\n")
    #expect(run.stdout.isEmpty)
  }

  @Test("every error category maps to the contract's exit status")
  func exitStatuses() {
    let expected: [(PromoError.Category, Int32)] = [
      (.notFound, 1), (.alreadyExists, 1), (.usage, 64), (.invalidData, 65), (.missing, 66),
      (.unreadable, 66),
      (.unwritable, 73),
      (.lockTimeout, 75),
    ]
    for (category, status) in expected {
      #expect(ExitStatus.of(PromoError(category, "x")) == status)
    }
  }

  @Test("help names every option the parser accepts, for every command")
  func helpListsEveryOption() {
    for command in CommandTable.commands {
      let help = InProcessRun(["help", command.name])
      #expect(help.status == 0)
      for option in command.options {
        #expect(help.stdout.contains(option.name), "promo help \(command.name) should name \(option.name)")
      }
      #expect(InProcessRun([command.name, "--help"]).stdout == help.stdout)
    }
  }
}

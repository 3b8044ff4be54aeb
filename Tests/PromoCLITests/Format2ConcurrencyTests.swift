import Foundation
import PromoKit
import Testing

/// What the concurrent writers saw, gathered from their threads under a lock.
final class WriterLog: @unchecked Sendable {
  private let lock = NSLock()
  private var failures: [String] = []
  private var upgrades: [String] = []
  private var running = 0
  private(set) var mostRunningAtOnce = 0
  private(set) var commands = 0
  private(set) var checks = 0

  /// Counts a command starting; the most running at once is kept.
  func started() {
    lock.withLock {
      running += 1
      commands += 1
      mostRunningAtOnce = max(mostRunningAtOnce, running)
    }
  }

  /// Counts a command ending.
  func ended() { lock.withLock { running -= 1 } }

  /// Counts one check of the store between writes.
  func checked() { lock.withLock { checks += 1 } }

  /// Records a failure.
  func fail(_ message: String) { lock.withLock { failures.append(message) } }

  /// Records a command that said it upgraded the store to version 2.
  func upgraded(_ command: String) { lock.withLock { upgrades.append(command) } }

  /// Everything recorded.
  var report: (failures: [String], upgrades: [String]) { lock.withLock { (failures, upgrades) } }
}

/// Many `promo` processes making format-2 edits to one store at once, which starts at
/// version 1: no update is lost, the store is valid after every write, and it ends at
/// version 2.
@Suite("Concurrent format-2 writers on a version-1 store")
struct Format2ConcurrencyTests {
  /// How many writer processes run at once; each makes three edits in turn.
  static let writers = 40

  /// The three edits of writer `index`: half add an item promotion (SKU target, code,
  /// buy 2 get 1), then give it a category and change its code; the other half put a code
  /// on a version-1 discount, add an item promotion for a category, then give it a SKU.
  static func edits(of index: Int) -> [[String]] {
    let half = writers / 2
    if index < half {
      return [
        [
          "add", "--id", "item-\(index)", "--kind", "item", "--sku", "sku-\(index)", "--buy", "2", "--get",
          "1",
          "--code", "C-\(index)", "--stackable",
        ],
        ["update", "item-\(index)", "--category", "cat-\(index)"],
        ["update", "item-\(index)", "--code", "D-\(index)"],
      ]
    }
    let other = index - half
    return [
      ["update", "disc-\(other)", "--code", "V-\(other)"],
      [
        "add", "--id", "extra-\(other)", "--kind", "item", "--category", "cat-\(other)", "--percent-off",
        "15",
      ],
      ["update", "extra-\(other)", "--sku", "sku-\(other)"],
    ]
  }

  /// The store's promotions as decoded from its bytes now, or `nil` with the reason.
  static func decodedStore(in folder: URL) -> Result<Catalog, PromoError> {
    let bytes =
      (try? Data(contentsOf: folder.appendingPathComponent("promotions.json"))).map(Array.init) ?? []
    return Result { () throws(PromoError) -> Catalog in
      try StoreDecoder.decode(bytes, file: "promotions.json")
    }
  }

  @Test(
    "40 writer processes add item promotions with targets, codes and buy-get, and update codes and targets, on a version-1 store: nothing lost, valid after every write, version 2 at the end"
  )
  func concurrentFormat2Writers() throws {
    let folder = try StoreSafetyTests.scratchStore("stores/empty.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    let half = Self.writers / 2
    let discounts = (0..<half).map { #"{"id":"disc-\#($0)","kind":"discount","percentOff":"10"}"# }
    try Data(#"{"version":1,"currency":"CNY","promotions":[\#(discounts.joined(separator: ","))]}"#.utf8)
      .write(to: folder.appendingPathComponent("promotions.json"))
    #expect(try Self.decodedStore(in: folder).get().version == 1)

    // One thread per writer, all released at once, so that the processes really overlap
    // (a task group would run only as many as the machine has cores).
    let log = WriterLog()
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<Self.writers {
      done.enter()
      let thread = Thread {
        defer { done.leave() }
        start.wait()
        for edit in Self.edits(of: index) {
          let command = edit.joined(separator: " ")
          log.started()
          let result = try? PromoBinary.run(edit + ["--lock-timeout", "60"], in: folder)
          log.ended()
          guard let result, result.status == 0 else {
            log.fail("\(command): \(result.map { "\($0.status) \($0.stderr)" } ?? "did not run")")
            return
          }
          if result.stdout.contains("the store is now version 2") { log.upgraded(command) }
          // The store as this writer left it, with other writers at work: it decodes and
          // `promo validate` passes.
          if case .failure(let error) = Self.decodedStore(in: folder) {
            log.fail("after \(command): the store does not decode: \(error)")
          }
          let check = try? PromoBinary.run(
            ["validate", "--at", "2026-01-01T00:00:00Z", "--quiet"], in: folder)
          if check?.status != 0 { log.fail("after \(command): validate: \(check?.stderr ?? "did not run")") }
          log.checked()
        }
      }
      thread.start()
    }
    for _ in 0..<Self.writers { start.signal() }
    done.wait()

    let (failures, upgrades) = log.report
    #expect(failures.isEmpty, "\(failures)")
    #expect(log.commands == Self.writers * 3)
    #expect(log.checks == Self.writers * 3)
    print("format-2 writers: \(log.commands) commands, at most \(log.mostRunningAtOnce) running at once")
    #expect(log.mostRunningAtOnce >= 8, "the writers hardly overlapped")
    // Exactly one write found the store at version 1 and upgraded it.
    #expect(upgrades.count == 1, "\(upgrades)")

    let catalog = try Self.decodedStore(in: folder).get()
    #expect(catalog.version == 2)
    #expect(catalog.promotions.count == Self.writers / 2 * 3)
    for index in 0..<half {
      let item = catalog.promotion(id: "item-\(index)")
      #expect(item?.kind == .item, "item-\(index) lost")
      #expect(item?.target?.skus == ["sku-\(index)"])
      #expect(item?.target?.categories == ["cat-\(index)"], "the target update of item-\(index) was lost")
      #expect(item?.code == "D-\(index)", "the code update of item-\(index) was lost")
      if case .buyGet(let terms) = item?.benefit {
        #expect(terms.buy == 2 && terms.get == 1)
      } else {
        Issue.record("item-\(index) lost its buy 2 get 1")
      }
      #expect(item?.isStackable == true)
      let discount = catalog.promotion(id: "disc-\(index)")
      #expect(discount?.code == "V-\(index)", "the code update of disc-\(index) was lost")
      #expect(discount?.benefit == .percentOff(10))
      let extra = catalog.promotion(id: "extra-\(index)")
      #expect(extra?.target?.categories == ["cat-\(index)"], "extra-\(index) lost")
      #expect(extra?.target?.skus == ["sku-\(index)"], "the target update of extra-\(index) was lost")
    }
    let validate = try PromoBinary.run(["validate", "--at", "2026-01-01T00:00:00Z"], in: folder)
    #expect(validate.status == 0)
    #expect(validate.stdout == "promotions.json: ok, 60 promotions, 0 warnings\n", "\(validate.stderr)")
  }
}

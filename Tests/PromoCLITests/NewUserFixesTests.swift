import Foundation
import PromoCLI
import PromoKit
import Testing

/// What a new user met trying promo: each one fixed, each one held here.
@Suite("What a new user met: a repeat's step digits, and friends")
struct NewUserFixesTests {
  /// A fresh folder for one test, removed afterwards by the caller.
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-new-user-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test(
    "a repeating threshold whose step has more minor digits than the currency is refused by price, validate and add"
  )
  func repeatStepDigits() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("promotions.json").path
    let finer = """
      {"version": 3, "currency": "CNY", "promotions": [
        {"id": "every-third", "kind": "threshold", "minimumAmount": "33.333", "repeat": true, "amountOff": "5.00"}]}
      """
    try finer.write(toFile: store, atomically: true, encoding: .utf8)
    let order = folder.appendingPathComponent("order.json").path
    try #"{"id": "A", "amount": "100.00"}"#.write(toFile: order, atomically: true, encoding: .utf8)
    let expected =
      "promo: \(store): promotions[0].minimumAmount: minimumAmount 33.333 is the step a repeating threshold "
      + "counts, so it has no more decimal places than the currency: it has 3 decimal places; CNY has 2\n"
    let price = InProcessRun(["price", order, "--store", store])
    #expect(price.status == 65)
    #expect(price.stderr == expected)
    let validate = InProcessRun(["validate", store])
    #expect(validate.status == 65)
    #expect(validate.stderr == expected)
    let json = InProcessRun(["validate", store, "--format", "json"])
    #expect(json.stdout.contains(#""code":"repeat-step-too-precise""#))

    try #"{"version": 3, "currency": "CNY", "promotions": []}"#.write(
      toFile: store, atomically: true, encoding: .utf8)
    let add = InProcessRun([
      "add", "--store", store, "--id", "every-third", "--kind", "threshold", "--minimum", "33.333",
      "--repeat",
      "--amount-off", "5",
    ])
    #expect(add.status == 65)
    #expect(add.stderr.contains("minimumAmount 33.333 is the step a repeating threshold counts"))
    // A minimum finer than the currency is still fine where nothing repeats, and a step in
    // the currency's digits is fine.
    let once = InProcessRun([
      "add", "--store", store, "--id", "once", "--kind", "threshold", "--minimum", "33.333", "--amount-off",
      "5",
    ])
    #expect(once.status == 0)
    let step = InProcessRun([
      "add", "--store", store, "--id", "step", "--kind", "threshold", "--minimum", "33.33", "--repeat",
      "--amount-off", "5",
    ])
    #expect(step.status == 0)
  }

  @Test(
    "pretty-printed JSON fed to --lines: the first line's hint, once, and nothing after it (price, diff, report)"
  )
  func prettyPrintedLines() throws {
    let pretty = "{\n  \"id\": \"A\",\n  \"amount\": \"10.00\"\n}\n"
    let store = "fixtures/stores/tea-shop.json"
    let root = PromoBinary.fixtures.deletingLastPathComponent().path
    for command in [
      ["price", "--lines", "-"], ["report", "--lines", "-"], ["diff", "--base", store, "--lines", "-"],
    ] {
      let run = InProcessRun(
        command.map { $0 == store ? root + "/" + store : $0 } + ["--store", root + "/" + store], stdin: pretty
      )
      #expect(run.status == 65, "\(command)")
      #expect(
        run.stderr
          == "promo: stdin: 1:2: unexpected end of input inside an object; expected a key; "
          + "with --lines, each order must be on one line\n", "\(command)")
    }
    // A bad first line that is not the start of a document does not stop the stream.
    let run = InProcessRun(
      ["price", "--lines", "-", "--store", root + "/" + store, "--format", "json"],
      stdin: "{\"id\": 1}\n{\"id\": \"B\", \"amount\": \"5.00\"}\n")
    #expect(run.status == 65)
    #expect(run.stdout.split(separator: "\n").count == 1)
  }

  @Test("--explain's lines table shows 0.00, never -0.00, for a line nothing was taken off")
  func noNegativeZero() throws {
    let root = PromoBinary.fixtures.path
    let run = InProcessRun([
      "price", root + "/orders/teapots.json", "--store", root + "/stores/teapots.json", "--explain", "--at",
      "2026-11-22T12:00:00+08:00",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stdout.contains("-0.00"))
    #expect(run.stdout.contains(" 0.00 "))
  }

  @Test("a store in a missing folder names the folder; a mistyped store name gets the one beside it")
  func missingFolderAndNearbyStore() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.path + "/nowhere/promotions.json"
    let add = InProcessRun([
      "add", "--store", missing, "--id", "x", "--kind", "discount", "--percent-off", "5",
    ])
    #expect(add.status == 73)
    #expect(
      add.stderr
        == "promo: \(missing): cannot create the store: the folder \(folder.path)/nowhere does not exist; "
        + "create it first (mkdir -p \(folder.path)/nowhere)\n")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/nowhere"))
    let store = folder.path + "/promotions.json"
    try #"{"version": 3, "promotions": []}"#.write(toFile: store, atomically: true, encoding: .utf8)
    for command in [["list"], ["validate"], ["price", store]] {
      let run = InProcessRun(command + ["--store", folder.path + "/promotion.json"])
      #expect(run.status == 66)
      #expect(
        run.stderr
          == "promo: \(folder.path)/promotion.json: no promotion store here; did you mean \(store)? Else create "
          + "one with 'promo init' or 'promo add', or name one with --store or $PROMO_STORE\n", "\(command)")
    }
    // Nothing like it: no suggestion.
    let far = InProcessRun(["list", "--store", folder.path + "/shop.json"])
    #expect(
      far.stderr.hasSuffix(
        "no promotion store here; create one with 'promo init' or 'promo add', or name one with --store or $PROMO_STORE\n"
      ))
  }

  @Test("init --currency eur suggests EUR, as the store file's check does")
  func currencyCase() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = InProcessRun(["init", "--currency", "eur", "--store", folder.path + "/promotions.json"])
    #expect(run.status == 64)
    #expect(
      run.stderr
        == "promo: --currency: \"eur\" is not a three-letter ISO 4217 code in capitals; did you mean \"EUR\"?\n"
    )
  }

  @Test("an immutable store (chattr +i) written as root: the system's own refusal is said, not a mode")
  func immutableStore() throws {
    guard getuid() == 0 else { return }  // only root can make a file immutable
    let folder = try Self.folder()
    defer {
      _ = try? PromoBinary.runTool(
        "/usr/bin/chattr", ["-i", folder.path + "/promotions.json"], environment: [:])
      try? FileManager.default.removeItem(at: folder)
    }
    let store = folder.path + "/promotions.json"
    try #"{"version": 3, "promotions": []}"#.write(toFile: store, atomically: true, encoding: .utf8)
    let chattr = try PromoBinary.runTool("/usr/bin/chattr", ["+i", store], environment: [:])
    guard chattr.status == 0 else { return }  // a file system without the flag
    let add = InProcessRun(["add", "--store", store, "--id", "x", "--kind", "discount", "--percent-off", "5"])
    #expect(add.status == 73)
    #expect(
      add.stderr
        == "promo: \(store): cannot write the store: operation not permitted (EPERM), though its mode 0644 allows "
        + "it: it is probably immutable (chattr +i, which refuses even root); lsattr shows it, chattr -i lifts it\n"
    )
  }
}

import Foundation
import PromoLibc
import Testing

/// One hostile or malformed input: the files it writes into a scratch copy of the sample
/// store's folder, the command it runs there, the exact status, and a piece of the one
/// error line that locates the problem, or (`isWholeLine`) that whole line, word for word.
struct HostileCase: Sendable, CustomTestStringConvertible {
  let name: String
  let arguments: [String]
  let files: [String: [UInt8]]
  let status: Int32
  let location: String
  /// Whether `location` is the whole error line (without its line break), not a piece.
  let isWholeLine: Bool

  var testDescription: String { name }

  init(
    _ name: String, _ arguments: [String], files: [String: [UInt8]] = [:], status: Int32, at location: String,
    isWholeLine: Bool = false
  ) {
    self.name = name
    self.arguments = arguments
    self.files = files
    self.status = status
    self.location = location
    self.isWholeLine = isWholeLine
  }

  /// An order file `o.json` with `text`, priced against the sample store.
  static func order(_ name: String, _ text: String, at location: String) -> HostileCase {
    HostileCase(name, price("o.json"), files: ["o.json": Array(text.utf8)], status: 65, at: location)
  }

  /// An order file `o.json` with `text`, priced against the sample store, refused with
  /// exactly the error `line`.
  static func order(_ name: String, _ text: String, line: String) -> HostileCase {
    HostileCase(
      name, price("o.json"), files: ["o.json": Array(text.utf8)], status: 65, at: line, isWholeLine: true)
  }

  /// An order file `o.json` with raw `bytes`.
  static func orderBytes(_ name: String, _ bytes: [UInt8], at location: String) -> HostileCase {
    HostileCase(name, price("o.json"), files: ["o.json": bytes], status: 65, at: location)
  }

  /// A store `s.json` with `text`, used to price a good order and by a writing command;
  /// both fail with an error line holding `location`, or being exactly it (`isWholeLine`).
  static func store(_ name: String, _ text: String, at location: String, isWholeLine: Bool = false)
    -> [HostileCase]
  {
    [
      HostileCase(
        name + " (price)", ["price", "--store", "s.json", "--at", at, Self.goodOrder],
        files: ["s.json": Array(text.utf8)],
        status: 65, at: location, isWholeLine: isWholeLine),
      HostileCase(
        name + " (add)",
        ["add", "--store", "s.json", "--id", "new", "--kind", "discount", "--percent-off", "5"],
        files: ["s.json": Array(text.utf8)], status: 65, at: location, isWholeLine: isWholeLine),
    ]
  }

  static let at = "2026-11-22T12:00:00+08:00"
  static let goodOrder = "good.json"

  static func price(_ file: String) -> [String] { ["price", file, "--at", at] }

  static func promotion(_ fields: String) -> String {
    #"{"version":1,"currency":"CNY","promotions":[{"id":"p","kind":"discount","percentOff":"5"},{\#(fields)}]}"#
  }

  /// A version-2 store with one good promotion and `fields` as a second one.
  static func promotion2(_ fields: String) -> String {
    #"{"version":2,"currency":"CNY","promotions":[{"id":"p","kind":"discount","percentOff":"5"},{\#(fields)}]}"#
  }

  /// Every case: the orders, the stores (each read and written), the format-3 orders, then
  /// the file system, arguments and requests that cannot be met.
  static let all: [HostileCase] = {
    var cases = orderCases
    for (name, text, location) in badStores { cases += store(name, text, at: location) }
    for (name, text, line) in format2StoreLines + format3StoreLines {
      cases += store(name, text, at: line, isWholeLine: true)
    }
    for (name, text, line) in format3OrderLines { cases.append(.order(name, text, line: line)) }
    cases += commandCases
    return cases
  }()
}

@Suite("The bad-input catalogue: every hostile input fails cleanly, located, and changes nothing")
struct HostileInputTests {
  /// How many cases the catalogue holds: a case that vanishes fails the run.
  static let expectedCaseCount = 380

  @Test("the catalogue holds exactly its cases, each under its own name")
  func catalogueSize() {
    #expect(HostileCase.all.count == Self.expectedCaseCount)
    #expect(Set(HostileCase.all.map(\.name)).count == HostileCase.all.count)
  }

  @Test(arguments: HostileCase.all)
  func hostile(_ testCase: HostileCase) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("folder"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: PromoBinary.fixtures.appendingPathComponent("promotions.json"),
      to: folder.appendingPathComponent("promotions.json"))
    try Data(#"{"id":"G-1","amount":"128.00"}"#.utf8).write(
      to: folder.appendingPathComponent(HostileCase.goodOrder))
    for (name, bytes) in testCase.files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
    let snapshot = try Self.contents(of: folder)

    let result = try PromoBinary.run(testCase.arguments, in: folder)

    #expect(result.status == testCase.status)
    #expect(result.stdout.isEmpty, "stdout must carry nothing on failure")
    #expect(result.stderr.hasPrefix("promo: "))
    #expect(result.stderr.hasSuffix("\n") && result.stderr.dropLast().contains("\n") == false, "one line")
    if testCase.isWholeLine {
      #expect(result.stderr == testCase.location + "\n", "the exact error line")
    } else {
      #expect(result.stderr.contains(testCase.location), "located: \(result.stderr)")
    }
    // Nothing changed on disk: not even a lock file was created.
    #expect(try Self.contents(of: folder) == snapshot, "a failed command changes nothing on disk")
  }

  static func contents(of folder: URL) throws -> [String: Data] {
    var contents: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      let url = folder.appendingPathComponent(name)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
        contents[name] = try Data(contentsOf: url)
      }
    }
    return contents
  }
}

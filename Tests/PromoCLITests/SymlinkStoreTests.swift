import Foundation
import PromoLibc
import Testing

/// A store reached through a symbolic link: the lock is taken beside the file the path
/// leads to (links followed as `realpath(3)` does), the store is read and replaced there,
/// and the link stays a link; so writers through the link and through the real path
/// exclude each other and lose nothing.
@Suite("A store reached through a symbolic link: one lock, the link kept")
struct SymlinkStoreTests {
  /// A scratch folder holding `real/promotions.json` (the sample store, or `bulk`
  /// promotions when above 0) and nothing else.
  static func folder(bulk: Int = 0) throws -> URL {
    let folder = try StoreSafetyTests.scratchStore()
    let real = folder.appendingPathComponent("real")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("promotions.json"), to: real.appendingPathComponent("promotions.json")
    )
    if bulk > 0 {
      let promotions = (0..<bulk).map { #"{"id":"bulk-\#($0)","kind":"discount","amountOff":"1.00"}"# }
      try Data(#"{"version":2,"currency":"CNY","promotions":[\#(promotions.joined(separator: ","))]}"#.utf8)
        .write(to: real.appendingPathComponent("promotions.json"))
    }
    return folder
  }

  /// Makes a symbolic link at `folder/name` holding `target` as written.
  static func link(_ name: String, to target: String, in folder: URL) throws {
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
  }

  /// What the symbolic link at `folder/name` holds, or `nil` when it is not a link.
  static func linkTarget(_ name: String, in folder: URL) -> String? {
    try? FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent(name).path)
  }

  /// Every file under `folder`, relative, with a link shown as `-> target`.
  static func tree(_ folder: URL) throws -> [String] {
    let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
    return names.map { name in linkTarget(name, in: folder).map { "\(name) -> \($0)" } ?? name }
  }

  /// The ids in the store at `folder/path`.
  static func ids(_ path: String, in folder: URL) throws -> Set<String> {
    let listed = try PromoBinary.run(["list", "--format", "json", "--store", path], in: folder)
    #expect(listed.status == 0, "\(listed.stderr)")
    return Set(
      listed.stdout.split(separator: "\n").compactMap { line in
        line.split(separator: "\"").dropFirst(3).first.map(String.init)
      })
  }

  /// Starts every run of `promo` at once (each with its own arguments, in `folder`) and
  /// waits for them all: all are running before the first is waited for.
  static func runAtOnce(_ runs: [[String]], in folder: URL) throws -> [PromoBinary.Result] {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-many-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    var started: [(Process, URL, URL)] = []
    for (index, arguments) in runs.enumerated() {
      let output = scratch.appendingPathComponent("\(index).out")
      let error = scratch.appendingPathComponent("\(index).err")
      _ = FileManager.default.createFile(atPath: output.path, contents: nil)
      _ = FileManager.default.createFile(atPath: error.path, contents: nil)
      let process = Process()
      process.executableURL = PromoBinary.executable
      process.arguments = arguments
      process.currentDirectoryURL = folder
      process.environment = PromoBinary.childEnvironment([:])
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = try FileHandle(forWritingTo: output)
      process.standardError = try FileHandle(forWritingTo: error)
      try process.run()
      started.append((process, output, error))
    }
    return try started.map { process, output, error in
      process.waitUntilExit()
      return PromoBinary.Result(
        status: process.terminationStatus,
        stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: error), as: UTF8.self))
    }
  }

  @Test("40 concurrent adds, half through a link and half through the real path: none fails, none is lost")
  func concurrentAddsThroughBothPaths() throws {
    // 3,000 promotions: each writer reads, decodes and rewrites about 200 KB, so the 40
    // processes overlap.
    let folder = try Self.folder(bulk: 3_000)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.link("promotions.json", to: "real/promotions.json", in: folder)
    let count = 40
    let runs = (0..<count).map { index in
      [
        "add", "--id", "new-\(index)", "--kind", "discount", "--percent-off", "5", "--lock-timeout", "300",
        "--store", index.isMultiple(of: 2) ? "promotions.json" : "real/promotions.json",
      ]
    }
    let results = try Self.runAtOnce(runs, in: folder)
    for (index, result) in results.enumerated() {
      #expect(result.status == 0, "writer \(index): \(result.stderr)")
      #expect(result.stdout == "added new-\(index)\n")
      #expect(result.stderr.isEmpty)
    }
    let ids = try Self.ids("real/promotions.json", in: folder)
    let lost = Set((0..<count).map { "new-\($0)" }).subtracting(ids)
    #expect(lost.isEmpty, "\(lost.count) lost: \(lost.sorted())")
    #expect(ids.count == count + 3_000)
    // One lock, beside the real file; the link is still a link; no temporary file is left.
    #expect(
      try Self.tree(folder)
        == [
          "promotions.json -> real/promotions.json", "real", "real/promotions.json",
          "real/promotions.json.lock",
        ])
  }

  @Test("a link to a link, relative targets, a linked folder: the lock and the write go to the real file")
  func linkChains() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let services = folder.appendingPathComponent("services/api")
    try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
    // services/api/promotions.json -> ../common-store.json -> real/promotions.json (each relative
    // to its own link's folder, not to where promo runs), and shop -> real (a linked folder).
    try Self.link("common-store.json", to: "real/promotions.json", in: folder)
    try Self.link(
      "promotions.json", to: "../common-store.json", in: folder.appendingPathComponent("services"))
    try Self.link("promotions.json", to: "../promotions.json", in: services)
    try Self.link("shop", to: "real", in: folder)
    let expected = try Self.tree(folder)

    let first = try PromoBinary.run(
      ["add", "--id", "via-chain", "--kind", "discount", "--percent-off", "5"], in: services)
    #expect(first.status == 0, "\(first.stderr)")
    let second = try PromoBinary.run(
      ["disable", "autumn-20", "--store", "shop/promotions.json"], in: folder)
    #expect(second.status == 0, "\(second.stderr)")
    let third = try PromoBinary.run(
      ["add", "--id", "via-env", "--kind", "discount", "--percent-off", "5"], in: folder,
      environment: ["PROMO_STORE": "services/promotions.json"])
    #expect(third.status == 0, "\(third.stderr)")

    // The links are untouched; the only new file is the lock beside the real store.
    #expect(try Self.tree(folder) == (expected + ["real/promotions.json.lock"]).sorted())
    let ids = try Self.ids("real/promotions.json", in: folder)
    #expect(ids.isSuperset(of: ["via-chain", "via-env", "autumn-20"]))
    let listed = try PromoBinary.run(["show", "autumn-20", "--store", "common-store.json"], in: folder)
    #expect(listed.stdout.contains("inactive"), "\(listed.stdout)")
  }

  @Test("a lock held on the real file stops a writer that comes through a link")
  func lockSharedWithLink() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.link("promotions.json", to: "real/promotions.json", in: folder)
    let lockPath = folder.appendingPathComponent("real/promotions.json.lock").path
    let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o666)
    #expect(descriptor >= 0)
    #expect(flock(descriptor, LOCK_EX) == 0)
    let result = try PromoBinary.run(["disable", "autumn-20", "--lock-timeout", "0.2"], in: folder)
    flock(descriptor, LOCK_UN)
    close(descriptor)
    #expect(result.status == 75)
    #expect(
      result.stderr.hasPrefix("promo: \(folder.resolvingSymlinksInPath().path)/real/promotions.json.lock: "))
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("promotions.json.lock").path))
  }

  @Test(
    "a lock file that is a symbolic link is not followed: 73, the file it names and the store untouched",
    arguments: ["elsewhere.txt", "missing.txt"])
  func lockFileLink(_ target: String) throws {
    let folder = try StoreSafetyTests.scratchStore()
    defer { try? FileManager.default.removeItem(at: folder) }
    if target == "elsewhere.txt" {
      try Data("someone else's file\n".utf8).write(to: folder.appendingPathComponent(target))
    }
    try Self.link("promotions.json.lock", to: target, in: folder)
    let before = try Self.tree(folder)
    let store = try Data(contentsOf: folder.appendingPathComponent("promotions.json"))
    let result = try PromoBinary.run(["disable", "autumn-20"], in: folder)
    #expect(result.status == 73)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "promo: promotions.json.lock: the lock file is a symbolic link, which promo does not follow; "
        + "remove it (promo makes its own)\n")
    #expect(try Self.tree(folder) == before)
    #expect(try Data(contentsOf: folder.appendingPathComponent("promotions.json")) == store)
    if target == "elsewhere.txt" {
      #expect(
        try String(contentsOf: folder.appendingPathComponent(target), encoding: .utf8)
          == "someone else's file\n")
    }
  }

  @Test(
    "a dangling link: 66 naming the link and where it leads, for reads and writes, and nothing created",
    arguments: [
      ["list"], ["show", "autumn-20"], ["add", "--id", "x", "--kind", "discount", "--percent-off", "5"],
      ["disable", "autumn-20"], ["init"], ["price", "order.json", "--store", "promotions.json"],
    ])
  func danglingLink(_ command: [String]) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: PromoBinary.fixtures.appendingPathComponent("orders/stack-wins.json"),
      to: folder.appendingPathComponent("order.json"))
    // promotions.json -> old.json -> gone/promotions.json: the message names the link
    // typed and the file at the end of the chain.
    try Self.link("old.json", to: "gone/promotions.json", in: folder)
    try Self.link("promotions.json", to: "old.json", in: folder)
    let before = try Self.tree(folder)
    let result = try PromoBinary.run(command, in: folder)
    #expect(result.status == 66)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "promo: promotions.json: is a symbolic link to gone/promotions.json, which does not exist; "
        + "create the store there, or point the link at an existing store\n")
    #expect(try Self.tree(folder) == before)
  }
}

/// A link into a folder the user may not write: run as an unprivileged user (root may
/// write anywhere), like ``ReadOnlyStoreOtherUserTests``.
@Suite(
  "A link to a store in a folder the user cannot write",
  .enabled(if: OtherUser.runner != nil || RequiredTools.inCI))
struct SymlinkUnwritableFolderTests {
  @Test("73, the link, the store and the folder untouched", arguments: ReadOnlyStoreTests.writes)
  func refused(_ command: [String]) throws {
    try OtherUser.require()
    let folder = try ReadOnlyStoreTests.folder(storeMode: 0o644)
    defer { try? FileManager.default.removeItem(at: folder) }
    // The user's own folder holds a link into `locked/`, which only root may write; the
    // store there is the user's and writable, so only the folder stops the write.
    let locked = folder.appendingPathComponent("locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("promotions.json"),
      to: locked.appendingPathComponent("promotions.json"))
    try SymlinkStoreTests.link("promotions.json", to: "locked/promotions.json", in: folder)
    #expect(chown(folder.path, OtherUser.id, OtherUser.id) == 0)
    #expect(chown(folder.appendingPathComponent("new.json").path, OtherUser.id, OtherUser.id) == 0)
    #expect(chown(locked.appendingPathComponent("promotions.json").path, OtherUser.id, OtherUser.id) == 0)
    #expect(chmod(locked.path, 0o755) == 0)
    let before = try SymlinkStoreTests.tree(folder)
    let store = try Data(contentsOf: locked.appendingPathComponent("promotions.json"))

    let result = try OtherUser.run(command, in: folder)
    #expect(result.status == 73)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("promo: "), "\(result.stderr)")
    #expect(result.stderr.contains("permission denied"), "\(result.stderr)")
    #expect(try SymlinkStoreTests.tree(folder) == before)
    #expect(SymlinkStoreTests.linkTarget("promotions.json", in: folder) == "locked/promotions.json")
    #expect(try Data(contentsOf: locked.appendingPathComponent("promotions.json")) == store)
  }
}

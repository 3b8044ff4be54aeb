import Foundation
import PromoLibc
import Testing

/// The store's write guarantees, tested on the real binary: identical bytes for an
/// unchanged store, no lost update under concurrency, a clean failure on a held lock, and
/// no torn store when a writer is killed.
@Suite("Store safety: atomic, locked, deterministic writes")
struct StoreSafetyTests {
  /// A scratch folder with a copy of the sample store as `promotions.json`.
  static func scratchStore(_ fixture: String = "promotions.json") throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "promo-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: PromoBinary.fixtures.appendingPathComponent(fixture),
      to: folder.appendingPathComponent("promotions.json"))
    return folder
  }

  @Test(
    "rewriting an unchanged store leaves its bytes identical",
    arguments: [
      "promotions.json", "stores/jpy.json", "stores/kwd.json", "stores/empty.json", "stores/suspicious.json",
    ])
  func rewriteIsIdentical(fixture: String) throws {
    let folder = try Self.scratchStore(fixture)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("promotions.json")
    let before = try Data(contentsOf: store)
    // Adding and then deleting a promotion rewrites the store twice.
    #expect(
      try PromoBinary.run(["add", "--id", "tmp", "--kind", "discount", "--percent-off", "1"], in: folder)
        .status == 0)
    #expect(try Data(contentsOf: store) != before)
    #expect(try PromoBinary.run(["delete", "tmp"], in: folder).status == 0)
    #expect(try Data(contentsOf: store) == before)
  }

  @Test("a write keeps the store's file mode")
  func keepsMode() throws {
    let folder = try Self.scratchStore()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("promotions.json").path
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: store)
    #expect(try PromoBinary.run(["disable", "autumn-20"], in: folder).status == 0)
    let mode = try FileManager.default.attributesOfItem(atPath: store)[.posixPermissions] as? Int
    #expect(mode == 0o640)
  }

  @Test(
    "a write keeps the store's group (and a group-shared store its mode) when the writer may give it",
    .enabled(if: getuid() == 0, "only root may give a file a group other than its own"))
  func keepsGroup() throws {
    let folder = try Self.scratchStore()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("promotions.json").path
    let group = getegid() == 65_534 ? gid_t(65_533) : gid_t(65_534)
    #expect(chown(store, uid_t.max, group) == 0)
    try FileManager.default.setAttributes([.posixPermissions: 0o2660], ofItemAtPath: store)
    #expect(try PromoBinary.run(["disable", "autumn-20"], in: folder).status == 0)
    var after = stat()
    #expect(stat(store, &after) == 0)
    #expect(after.st_gid == group)
    #expect(after.st_mode & 0o7777 == 0o2660)
  }

  @Test("a store made read-only while a writer waits for the lock is refused under the lock (73), unchanged")
  func readOnlyWhileWaiting() throws {
    let folder = try Self.scratchStore()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("promotions.json")
    let descriptor = open(folder.appendingPathComponent("promotions.json.lock").path, O_RDWR | O_CREAT, 0o666)
    #expect(descriptor >= 0)
    #expect(flock(descriptor, LOCK_EX) == 0)
    let process = Process()
    process.executableURL = PromoBinary.executable
    process.arguments = ["disable", "autumn-20", "--lock-timeout", "20"]
    process.currentDirectoryURL = folder
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    // The writer has read the store and found it writable by now; it waits for the lock.
    usleep(500_000)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store.path)
    let before = try Data(contentsOf: store)
    flock(descriptor, LOCK_UN)
    close(descriptor)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 73)
    #expect(message.contains("the store is read-only (mode 0444)"))
    #expect(try Data(contentsOf: store) == before)
  }

  @Test("a held lock makes a writer give up after --lock-timeout with status 75, naming the lock file")
  func lockTimeout() throws {
    let folder = try Self.scratchStore()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lockPath = folder.appendingPathComponent("promotions.json.lock").path
    let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o666)
    #expect(descriptor >= 0)
    #expect(flock(descriptor, LOCK_EX) == 0)
    let before = try Data(contentsOf: folder.appendingPathComponent("promotions.json"))
    let result = try PromoBinary.run(["disable", "autumn-20", "--lock-timeout", "0.2"], in: folder)
    flock(descriptor, LOCK_UN)
    close(descriptor)
    #expect(result.status == 75)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("promo: promotions.json.lock: "))
    #expect(try Data(contentsOf: folder.appendingPathComponent("promotions.json")) == before)
    // Once the lock is free, the same command succeeds.
    #expect(try PromoBinary.run(["disable", "autumn-20", "--lock-timeout", "0.2"], in: folder).status == 0)
  }

  @Test("32 concurrent promo add processes all succeed and lose nothing")
  func concurrentAdds() async throws {
    let folder = try Self.scratchStore("stores/empty.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    let count = 32
    let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
      for index in 0..<count {
        group.addTask {
          try PromoBinary.run(
            [
              "add", "--id", "p\(index)", "--kind", "discount", "--amount-off", "\(index + 1)",
              "--lock-timeout", "60",
            ],
            in: folder
          ).status
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(statuses == [Int32](repeating: 0, count: count))
    let listed = try PromoBinary.run(["list", "--format", "json"], in: folder)
    #expect(listed.status == 0)
    let ids = Set(
      listed.stdout.split(separator: "\n").compactMap { line in
        line.split(separator: "\"").dropFirst(3).first.map(String.init)
      })
    #expect(ids == Set((0..<count).map { "p\($0)" }))
  }

  @Test(
    "writers killed with SIGKILL mid-write leave the old store or the new one, never block the next writer, and their temporary files are cleaned up"
  )
  func killedWriters() throws {
    let folder = try Self.scratchStore("stores/empty.json")
    let control = try Self.scratchStore("stores/empty.json")
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(at: control)
    }
    let store = folder.appendingPathComponent("promotions.json")
    // A store large enough that a write takes a while.
    let promotions = (0..<3_000).map { #"{"id":"bulk-\#($0)","kind":"discount","amountOff":"1.00"}"# }
    try Data(#"{"version":1,"currency":"CNY","promotions":[\#(promotions.joined(separator: ","))]}"#.utf8)
      .write(to: store)
    #expect(try PromoBinary.run(["enable", "bulk-0"], in: folder).status == 0)  // canonical form
    var generator = SystemRandomNumberGenerator()
    let iterations = 40
    var killsWhileWriting = 0
    var killsAtRandom = 0
    for iteration in 0..<iterations {
      let before = try Data(contentsOf: store)
      let add = ["add", "--id", "new-\(iteration)", "--kind", "discount", "--percent-off", "5"]
      // The bytes the same add writes when nothing interrupts it.
      try before.write(to: control.appendingPathComponent("promotions.json"))
      let referenceStart = Date()
      let reference = try PromoBinary.run(add, in: control)
      let referenceMicroseconds = UInt32(min(Date().timeIntervalSince(referenceStart), 1) * 1_000_000)
      #expect(reference.status == 0)
      let expected = try Data(contentsOf: control.appendingPathComponent("promotions.json"))

      let process = Process()
      process.executableURL = PromoBinary.executable
      process.arguments = add
      process.currentDirectoryURL = folder
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      let start = Date()
      try process.run()
      if iteration.isMultiple(of: 2) {
        // Wait for its temporary file, then kill it: the kill lands while it writes.
        while process.isRunning, Date().timeIntervalSince(start) < 10 {
          let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
          if names.contains(where: { $0.hasPrefix(".promotions.json.tmp-") }) {
            kill(process.processIdentifier, SIGKILL)
            killsWhileWriting += 1
            break
          }
        }
      } else {
        // Anywhere in its run: within the time the same add just took uninterrupted (a
        // fixed window outlasted every run of a fast build, and no kill landed).
        usleep(UInt32.random(in: 0...max(referenceMicroseconds, 1_000), using: &generator))
        if process.isRunning {
          kill(process.processIdentifier, SIGKILL)
          killsAtRandom += 1
        }
      }
      process.waitUntilExit()
      let after = try Data(contentsOf: store)
      #expect(
        after == before || after == expected,
        "iteration \(iteration): the store is neither the old nor the new one")
      let check = try PromoBinary.run(["validate", "--at", "2026-01-01T00:00:00Z", "--quiet"], in: folder)
      #expect(check.status == 0, "store torn after iteration \(iteration): \(check.stderr)")
    }
    print("killed while writing: \(killsWhileWriting), at random: \(killsAtRandom) of \(iterations)")
    // Kills must have landed in the middle of writes, or this test proves nothing.
    #expect(killsWhileWriting >= iterations / 4, "only \(killsWhileWriting) kills landed while writing")
    #expect(killsAtRandom > 0)
    // The next writer is not blocked, and removes the temporary files the killed ones left.
    let next = try PromoBinary.run(
      ["add", "--id", "after-kills", "--kind", "discount", "--percent-off", "5", "--lock-timeout", "2"],
      in: folder)
    #expect(next.status == 0)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.contains(".tmp-")
    }
    #expect(leftovers.isEmpty)
  }

  @Test("a temporary file left by a dead writer is removed by the next write")
  func leftoversAreCleaned() throws {
    let folder = try Self.scratchStore()
    defer { try? FileManager.default.removeItem(at: folder) }
    let leftover = folder.appendingPathComponent(".promotions.json.tmp-12345-678")
    try Data("half a store".utf8).write(to: leftover)
    let unrelated = folder.appendingPathComponent(".other.json.tmp-1-1")
    try Data("not ours".utf8).write(to: unrelated)
    #expect(try PromoBinary.run(["disable", "autumn-20"], in: folder).status == 0)
    #expect(!FileManager.default.fileExists(atPath: leftover.path))
    #expect(
      FileManager.default.fileExists(atPath: unrelated.path), "only this store's temporary files are removed")
  }
}

@Suite("Mixed concurrent readers and writers on one store")
struct MixedConcurrencyTests {
  @Test("add, update, disable, enable, delete, list and price at once: no lost update, no torn read")
  func mixedReadersAndWriters() async throws {
    let folder = try StoreSafetyTests.scratchStore("stores/empty.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    for index in 0..<8 {
      let seeded = try PromoBinary.run(
        ["add", "--id", "old-\(index)", "--kind", "threshold", "--minimum", "10", "--amount-off", "1"],
        in: folder)
      #expect(seeded.status == 0)
    }
    try Data(#"{"id":"R-1","amount":"100.00"}"#.utf8).write(to: folder.appendingPathComponent("order.json"))
    let timeout = ["--lock-timeout", "60"]
    let failures = try await withThrowingTaskGroup(of: [String].self) { group in
      for index in 0..<8 {
        group.addTask {
          var failures: [String] = []
          let steps: [[String]] = [
            ["add", "--id", "new-\(index)", "--kind", "discount", "--percent-off", "5"],
            ["update", "new-\(index)", "--percent-off", "7", "--stackable"],
            ["disable", "new-\(index)"],
            ["enable", "new-\(index)"],
            ["delete", "old-\(index)"],
          ]
          for step in steps {
            let result = try PromoBinary.run(step + timeout, in: folder)
            if result.status != 0 { failures.append("\(step): \(result.status) \(result.stderr)") }
          }
          return failures
        }
      }
      for _ in 0..<6 {
        group.addTask {
          var failures: [String] = []
          for _ in 0..<6 {
            for command in [["list", "--format", "json"], ["price", "order.json", "--format", "json"]] {
              let result = try PromoBinary.run(command, in: folder)
              // A torn or half-written store would fail to decode: status 65.
              if result.status != 0 || result.stdout.isEmpty && command[0] == "price" {
                failures.append("\(command): \(result.status) \(result.stderr)")
              }
            }
          }
          return failures
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(failures.isEmpty, "\(failures)")
    let listed = try PromoBinary.run(["list", "--format", "json"], in: folder)
    let lines = listed.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 8, "every old promotion deleted, every new one kept")
    for index in 0..<8 {
      let line = lines.first { $0.contains(#""id":"new-\#(index)""#) }
      #expect(line?.contains(#""percentOff":"7""#) == true, "the update of new-\(index) was not lost")
      #expect(line?.contains(#""stackable":true"#) == true)
      #expect(line?.contains(#""active":false"#) == false, "enable came after disable")
    }
  }
}

@Suite("Standard output that cannot be written")
struct OutputFailureTests {
  @Test("a full disk is status 74 with one line on standard error, not a silent success")
  func fullDisk() throws {
    let process = Process()
    process.executableURL = PromoBinary.executable
    process.arguments = ["price", "orders/stack-wins.json", "--format", "json"]
    process.currentDirectoryURL = PromoBinary.fixtures
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 74)
    #expect(message == "promo: stdout: cannot write: no space left on device\n")
  }
}

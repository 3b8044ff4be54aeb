import Foundation
import PromoLibc
import Testing

/// A read-only store is never replaced, though renaming over it needs no permission on the
/// file: every writing command refuses it with status 73, naming the file and its mode,
/// before it takes the lock or creates any file. Root may write any file, so the check is
/// on the mode bits, not only `access(2)`; as another user, a store that user may not
/// write is refused too.
@Suite("A read-only store is refused, not replaced")
struct ReadOnlyStoreTests {
  /// Every command that writes an existing store.
  static let writes: [[String]] = [
    ["add", "--id", "new-1", "--kind", "discount", "--percent-off", "5"],
    ["add", "--file", "new.json"],
    ["update", "autumn-20", "--percent-off", "25"],
    ["delete", "spend100-save15"],
    ["enable", "autumn-20"],
    ["disable", "autumn-20"],
  ]

  /// A scratch folder with the sample store as `promotions.json` at `mode`, and the
  /// promotions `add --file` reads as `new.json`.
  static func folder(storeMode mode: Int) throws -> URL {
    let folder = try StoreSafetyTests.scratchStore()
    try FileManager.default.copyItem(
      at: PromoBinary.fixtures.appendingPathComponent("new-promotions.json"),
      to: folder.appendingPathComponent("new.json"))
    try FileManager.default.setAttributes(
      [.posixPermissions: mode], ofItemAtPath: folder.appendingPathComponent("promotions.json").path)
    return folder
  }

  /// What every write of the sample store at mode 0444 is refused with.
  static let readOnly0444 =
    "promo: promotions.json: the store is read-only (mode 0444); make it writable (chmod u+w) to change it\n"

  /// The refusal of a write to a read-only store: status 73, nothing on standard output,
  /// and `folder` as it was `before` (not even the lock file is created).
  static func expectRefused(
    _ result: PromoBinary.Result, in folder: URL, before: [String: String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(result.status == 73, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(
      try state(of: folder) == before, "not even the lock file is created", sourceLocation: sourceLocation)
  }

  /// Every file of `folder` with its bytes, mode and owner.
  static func state(of folder: URL) throws -> [String: String] {
    var files: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      let path = folder.appendingPathComponent(name).path
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      files[name] =
        "\(attributes[.posixPermissions] ?? "") \(attributes[.ownerAccountID] ?? "") \(bytes.base64EncodedString())"
    }
    return files
  }

  @Test(
    "every write is refused with 73, naming the file and its mode, and nothing changes", arguments: writes)
  func refused(_ command: [String]) throws {
    let folder = try Self.folder(storeMode: 0o444)
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try Self.state(of: folder)
    let result = try PromoBinary.run(command, in: folder)
    try Self.expectRefused(result, in: folder, before: before)
    #expect(result.stderr == Self.readOnly0444)
  }

  @Test(
    "whatever the other bits, a store whose owner may not write it is read-only",
    arguments: [0o400, 0o440, 0o555, 0o464])
  func ownerBit(mode: Int) throws {
    let folder = try Self.folder(storeMode: mode)
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try Self.state(of: folder)
    let result = try PromoBinary.run(["disable", "autumn-20"], in: folder)
    try Self.expectRefused(result, in: folder, before: before)
    #expect(result.stderr.contains("read-only (mode 0\(String(mode, radix: 8)))"), "\(result.stderr)")
  }

  @Test("a link to a read-only store is refused too, naming the link as given")
  func linkedStore() throws {
    let folder = try Self.folder(storeMode: 0o444)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("promotions.json"), to: folder.appendingPathComponent("real.json"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("promotions.json").path, withDestinationPath: "real.json")
    let before = try Self.state(of: folder)
    let result = try PromoBinary.run(["disable", "autumn-20"], in: folder)
    try Self.expectRefused(result, in: folder, before: before)
    #expect(result.stderr.hasPrefix("promo: promotions.json: the store is read-only (mode 0444)"))
  }

  @Test("once made writable again, the same command succeeds")
  func writableAgain() throws {
    let folder = try Self.folder(storeMode: 0o444)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try PromoBinary.run(["disable", "autumn-20"], in: folder).status == 73)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o644], ofItemAtPath: folder.appendingPathComponent("promotions.json").path)
    #expect(try PromoBinary.run(["disable", "autumn-20"], in: folder).status == 0)
  }
}

/// The same, run as an unprivileged user (uid and gid 65534) when the tests run as root
/// and can switch to one (`setpriv`, else `su`); skipped otherwise, except in CI, where that
/// fails (``RequiredTools``). (Run as a normal user,
/// the tests above are already the unprivileged case.)
@Suite(
  "A read-only store is refused, as an unprivileged user",
  .enabled(if: OtherUser.runner != nil || RequiredTools.inCI))
struct ReadOnlyStoreOtherUserTests {
  /// A scratch folder owned by 65534 holding the sample store, owned by `owner` with `mode`.
  static func folder(owner: uid_t, mode: Int, folderMode: Int = 0o755) throws -> URL {
    let folder = try ReadOnlyStoreTests.folder(storeMode: mode)
    let store = folder.appendingPathComponent("promotions.json").path
    #expect(chown(folder.path, OtherUser.id, OtherUser.id) == 0)
    #expect(chmod(folder.path, mode_t(folderMode)) == 0)
    #expect(chown(store, owner, owner) == 0)
    #expect(chown(folder.appendingPathComponent("new.json").path, OtherUser.id, OtherUser.id) == 0)
    return folder
  }

  @Test("its own read-only store: 73, nothing created", arguments: ReadOnlyStoreTests.writes)
  func ownReadOnly(_ command: [String]) throws {
    try OtherUser.require()
    let folder = try Self.folder(owner: OtherUser.id, mode: 0o444)
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try ReadOnlyStoreTests.state(of: folder)
    let result = try OtherUser.run(command, in: folder)
    try ReadOnlyStoreTests.expectRefused(result, in: folder, before: before)
    #expect(result.stderr == ReadOnlyStoreTests.readOnly0444)
  }

  @Test(
    "another user's store in a folder anyone may write: refused, though the rename would succeed",
    arguments: ReadOnlyStoreTests.writes)
  func othersStore(_ command: [String]) throws {
    try OtherUser.require()
    let folder = try Self.folder(owner: 0, mode: 0o644, folderMode: 0o777)
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try ReadOnlyStoreTests.state(of: folder)
    let result = try OtherUser.run(command, in: folder)
    try ReadOnlyStoreTests.expectRefused(result, in: folder, before: before)
    #expect(
      result.stderr.hasPrefix(
        "promo: promotions.json: the store is read-only for you (mode 0644, owned by uid 0); "),
      "\(result.stderr)")
  }

  @Test("its own writable store is written (the user switch works)")
  func ownWritable() throws {
    try OtherUser.require()
    let folder = try Self.folder(owner: OtherUser.id, mode: 0o644)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try OtherUser.run(["disable", "autumn-20"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let attributes = try FileManager.default.attributesOfItem(
      atPath: folder.appendingPathComponent("promotions.json").path)
    #expect(attributes[.ownerAccountID] as? Int == Int(OtherUser.id))
    #expect(attributes[.posixPermissions] as? Int == 0o644)
  }
}

/// Running `promo` as uid and gid 65534 (`nobody`), when the tests run as root.
enum OtherUser {
  static let id: uid_t = 65534

  /// The program and the arguments before `promo`'s path and arguments, or `nil` when no
  /// way to switch works here.
  static let runner: (program: URL, prefix: [String])? = {
    guard geteuid() == 0 else { return nil }
    var candidates: [(URL, [String])] = []
    for path in ["/usr/bin/setpriv", "/bin/setpriv"] where FileManager.default.isExecutableFile(atPath: path)
    {
      candidates.append(
        (URL(fileURLWithPath: path), ["--reuid=\(id)", "--regid=\(id)", "--clear-groups", "--"]))
    }
    for path in ["/usr/bin/su", "/bin/su"] where FileManager.default.isExecutableFile(atPath: path) {
      candidates.append(
        (URL(fileURLWithPath: path), ["-s", "/bin/sh", "-c", #"exec "$0" "$@""#, "--", "nobody"]))
    }
    // The first that really runs `promo` as that user (the binary must be reachable by it).
    return candidates.first { program, prefix in
      let probe = try? PromoBinary.run(
        prefix + ["/usr/bin/id", "-u"], in: URL(fileURLWithPath: "/"), executable: program)
      let version = try? PromoBinary.run(
        prefix + [PromoBinary.executable.path, "--version"], in: URL(fileURLWithPath: "/"),
        executable: program)
      return probe?.stdout == "\(id)\n" && version?.status == 0
    }
  }()

  /// Fails the test when there is no way to run as that user (only reached in CI, where
  /// the suites that need one are not skipped).
  static func require() throws {
    try #require(runner != nil, "cannot run promo as uid \(id) here: CI runs as root with setpriv or su")
  }

  /// Runs `promo arguments...` in `folder` as that user.
  static func run(_ arguments: [String], in folder: URL) throws -> PromoBinary.Result {
    let (program, prefix) = runner!
    return try PromoBinary.run(
      prefix + [PromoBinary.executable.path] + arguments, in: folder, executable: program)
  }
}

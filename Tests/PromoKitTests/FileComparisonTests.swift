import Foundation
import PromoKit
import Testing

/// A store change reads the store again under its lock and compares it with what it read
/// first (``FileIO/file(atPath:holds:display:)``), chunk by chunk: only the same bytes, all
/// of them, compare equal.
@Suite("Comparing a file with bytes as it is read")
struct FileComparisonTests {
  /// A file holding `bytes` in a fresh folder, removed after `body`.
  static func withFile(_ bytes: [UInt8], _ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("promo-compare-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("s.json").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    try body(path)
  }

  @Test("the same bytes, over several chunks, compare equal; any change, shorter or longer does not")
  func sameAndDifferent() throws {
    // Three chunks of 64 KiB and a part of one.
    let bytes = (0..<(3 * 65_536 + 1_000)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
    try Self.withFile(bytes) { (path: String) throws in
      #expect(try FileIO.file(atPath: path, holds: bytes, display: "s.json"))
      for position in [0, 65_535, 65_536, 2 * 65_536 + 7, bytes.count - 1] {
        var changed = bytes
        changed[position] &+= 1
        #expect(try !FileIO.file(atPath: path, holds: changed, display: "s.json"))
      }
      #expect(try !FileIO.file(atPath: path, holds: Array(bytes.dropLast()), display: "s.json"))
      #expect(try !FileIO.file(atPath: path, holds: bytes + [0], display: "s.json"))
      #expect(try !FileIO.file(atPath: path, holds: [], display: "s.json"))
    }
    try Self.withFile([]) { (path: String) throws in
      #expect(try FileIO.file(atPath: path, holds: [], display: "s.json"))
      #expect(try !FileIO.file(atPath: path, holds: [1], display: "s.json"))
    }
  }

  @Test("a file that is not there is an error naming it, not a difference")
  func missingFile() {
    #expect {
      try FileIO.file(atPath: "/nonexistent-promo/s.json", holds: [1], display: "s.json")
    } throws: { error in
      (error as? PromoError)?.category == .missing && "\(error)".contains("s.json")
    }
  }
}

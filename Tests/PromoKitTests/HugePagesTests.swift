import Foundation
import PromoKit
import Testing

/// ``HugePages`` asks the kernel for 2 MiB pages under the big buffers of a store read: the
/// request must never change what a buffer holds, must ignore what it cannot use, and must
/// actually reach the kernel where the kernel grants huge pages on request.
@Suite("Huge pages for large buffers")
struct HugePagesTests {
  @Test("advising a buffer's capacity leaves what is written there exactly as written")
  func contentsAreKept() {
    var values: [UInt64] = []
    values.reserveCapacity(3 << 20)
    HugePages.adviseUnusedCapacity(of: &values)
    for index in 0..<(3 << 20) { values.append(UInt64(index) &* 0x9E37_79B9_7F4A_7C15) }
    #expect(values.count == 3 << 20)
    #expect(values.indices.allSatisfy { values[$0] == UInt64($0) &* 0x9E37_79B9_7F4A_7C15 })
  }

  @Test("small, empty, unaligned and missing buffers are left alone")
  func smallAndOddBuffersAreIgnored() {
    var small: [UInt8] = [1, 2, 3]
    HugePages.adviseUnusedCapacity(of: &small)
    #expect(small == [1, 2, 3])
    HugePages.advise(nil, byteCount: 1 << 30)
    let bytes = UnsafeMutableRawPointer.allocate(byteCount: HugePages.threshold + 4_097, alignment: 1)
    defer { bytes.deallocate() }
    HugePages.advise(bytes + 1, byteCount: HugePages.threshold + 4_096)
    bytes.storeBytes(of: 7, toByteOffset: HugePages.threshold, as: UInt8.self)
    #expect(bytes.load(fromByteOffset: HugePages.threshold, as: UInt8.self) == 7)
  }

  @Test("on Linux, an advised buffer's mapping is marked for huge pages (VmFlags hg)")
  func requestReachesTheKernel() throws {
    #if os(Linux)
      // A kernel built without transparent huge pages refuses the request (EINVAL).
      let switches = "/sys/kernel/mm/transparent_hugepage/enabled"
      guard FileManager.default.fileExists(atPath: switches) else { return }
      let count = 16 << 20
      let bytes = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 2 << 20)
      defer { bytes.deallocate() }
      HugePages.advise(bytes, byteCount: count)
      bytes.initializeMemory(as: UInt8.self, repeating: 1, count: count)
      // The mapping that holds the buffer, from this process's own map: whether the kernel
      // then finds free huge pages is its business; that it was asked is ours.
      let address = UInt(bitPattern: bytes)
      // (Read to the end: the file reports a size of 0, which a sized read would believe.)
      let map = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
      let smaps = String(decoding: map.readDataToEndOfFile(), as: UTF8.self)
      var inside = false
      var flags: Substring?
      for line in smaps.split(separator: "\n") {
        if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
          let low = UInt(line[..<dash], radix: 16),
          let high = UInt(line[line.index(after: dash)..<space], radix: 16)
        {
          inside = low <= address && address < high
        } else if inside, line.hasPrefix("VmFlags:") {
          flags = line
        }
      }
      let marked = flags.map { $0.split(separator: " ").contains("hg") } ?? false
      #expect(marked, "the buffer's mapping: \(flags ?? "not found")")
    #endif
  }
}

import PromoLibc

/// Large buffers backed by the kernel's huge pages where it offers them on request.
///
/// A big store is read into one buffer and decoded into arrays of tens of megabytes that
/// are written once, front to back. In pages of 4 KiB that is one fault for each page
/// touched (about 9,000 to price one order against 100,000 promotions, a quarter of the
/// time); a transparent huge page takes 2 MiB per fault. Linux grants them for memory that
/// asks (`madvise(MADV_HUGEPAGE)`) when `/sys/kernel/mm/transparent_hugepage/enabled` is
/// `madvise`, and for all memory when it is `always`; where it is `never`, or on another
/// system, the request does nothing and nothing else changes.
package enum HugePages {
  /// Buffers below this size are left alone: faulting in a whole huge page for less than
  /// one costs more than the small pages it saves.
  package static let threshold = 2 << 20

  /// The size of one huge page on x86-64 and arm64 with 4 KiB base pages.
  static let pageSize = 2 << 20

  /// Asks for huge pages over the `byteCount` bytes at `start`, before they are first
  /// written: over the whole huge pages that hold any of them.
  ///
  /// The range is widened to huge-page boundaries, because a large allocation starts just
  /// past its block's header, a little after a boundary; without the widening, its first
  /// 2 MiB would stay in small pages. The advice only says how memory is backed, never
  /// what it holds, so widening it over a neighbour's memory changes nothing it can see.
  package static func advise(_ start: UnsafeMutableRawPointer?, byteCount: Int) {
    #if os(Linux)
      guard let start, byteCount >= threshold else { return }
      let first = UInt(bitPattern: start) & ~UInt(pageSize - 1)
      let end = (UInt(bitPattern: start) + UInt(byteCount) + UInt(pageSize - 1)) & ~UInt(pageSize - 1)
      guard let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
      _ = madvise(aligned, Int(end - first), MADV_HUGEPAGE)
    #endif
  }

  /// Asks for huge pages over the capacity of `array` that is not yet written, for an
  /// array just given its capacity with `reserveCapacity`.
  package static func adviseUnusedCapacity<Element>(of array: inout [Element]) {
    let used = array.count
    let capacity = array.capacity
    guard (capacity - used) * MemoryLayout<Element>.stride >= threshold else { return }
    array.withUnsafeMutableBufferPointer { buffer in
      advise(
        buffer.baseAddress.map { UnsafeMutableRawPointer($0 + used) },
        byteCount: (capacity - used) * MemoryLayout<Element>.stride)
    }
  }

  /// An array of `count` copies of `value`, its memory asked for huge pages before it is
  /// first written when it is large: `Array(repeating:count:)` for the big tables of an
  /// index.
  package static func array<Element: BitwiseCopyable>(repeating value: Element, count: Int) -> [Element] {
    // (None: an empty list. `Array(unsafeUninitializedCapacity: 0)` would set the count of
    // the runtime's one shared empty array, a write other threads may be reading.)
    guard count > 0 else { return [] }
    return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      advise(UnsafeMutableRawPointer(buffer.baseAddress), byteCount: count * MemoryLayout<Element>.stride)
      buffer.baseAddress!.initialize(repeating: value, count: count)
      initialized = count
    }
  }
}

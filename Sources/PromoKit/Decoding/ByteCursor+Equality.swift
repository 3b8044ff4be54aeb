import PromoLibc

extension ByteCursor {
  /// Whether `bytes` are those of `literal`: up to 16 bytes compared as two loads each
  /// (overlapping when shorter than twice the load, never past either end), longer ones
  /// with `memcmp`.
  @inline(__always)
  package static func equal(_ bytes: Bytes, _ literal: StaticString) -> Bool {
    equal(bytes, literal.utf8Start, literal.utf8CodeUnitCount)
  }

  /// Whether `bytes` are the `count` bytes at `expected`, compared as
  /// ``equal(_:_:)-(_,StaticString)`` compares them.
  @inline(__always)
  package static func equal(_ bytes: Bytes, _ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    guard bytes.count == count else { return false }
    guard count > 0, let base = bytes.base.baseAddress else { return count == 0 }
    let actual = UnsafeRawPointer(base + bytes.startIndex)
    let expected = UnsafeRawPointer(start)
    @inline(__always)
    func same<Word: FixedWidthInteger>(_: Word.Type) -> Bool {
      let last = count &- MemoryLayout<Word>.size
      assert(last >= 0 && last < count, "word compare outside the key")
      return actual.loadUnaligned(as: Word.self) == expected.loadUnaligned(as: Word.self)
        && actual.loadUnaligned(fromByteOffset: last, as: Word.self)
          == expected.loadUnaligned(fromByteOffset: last, as: Word.self)
    }
    switch count {
    case 1: return actual.load(as: UInt8.self) == expected.load(as: UInt8.self)
    case 2...3: return same(UInt16.self)
    case 4...7: return same(UInt32.self)
    case 8...16: return same(UInt64.self)
    default: return memcmp(actual, expected, count) == 0
    }
  }
}

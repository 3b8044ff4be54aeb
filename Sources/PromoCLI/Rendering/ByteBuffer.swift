/// Bytes appended one result after the other into memory of their own, kept from one use
/// to the next: the JSON lines of a chunk of a stream, laid out where they stay until they
/// are handed on.
final class ByteBuffer {
  /// The memory the bytes are in.
  private var storage: UnsafeMutablePointer<UInt8>
  /// How many bytes ``storage`` has room for.
  private var capacity: Int
  /// How many bytes it holds.
  private(set) var count = 0

  /// An empty buffer with room for `capacity` bytes to begin with.
  init(capacity: Int = 1 << 16) {
    self.capacity = max(capacity, 64)
    storage = .allocate(capacity: self.capacity)
  }

  deinit { storage.deallocate() }

  /// Lets `body` append at most `bound` bytes through a ``RawWriter``.
  @inline(__always)
  func write(atMost bound: Int, _ body: (inout RawWriter) -> Void) {
    if capacity - count < bound { grow(toHold: count + bound) }
    var writer = RawWriter(storage + count, capacity: bound)
    body(&writer)
    count = writer.position - storage
  }

  /// Appends bytes.
  func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return }
      write(atMost: bytes.count) { $0.bytes(base, bytes.count) }
    }
  }

  /// Lets `body` read the bytes held.
  @inline(__always)
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    body(UnsafeBufferPointer(start: storage, count: count))
  }

  /// Forgets the bytes held, keeping the memory.
  func removeAll() { count = 0 }

  /// Moves the bytes into memory of at least `needed` bytes.
  private func grow(toHold needed: Int) {
    let larger = max(needed, 2 * capacity)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.update(from: storage, count: count)
    storage.deallocate()
    storage = moved
    capacity = larger
  }
}

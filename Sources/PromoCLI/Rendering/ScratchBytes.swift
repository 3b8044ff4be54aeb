/// Memory a renderer lays a result out in before appending it to its output in one copy,
/// kept from one result to the next.
final class ScratchBytes {
  /// The memory a result is laid out in.
  private var storage: UnsafeMutablePointer<UInt8>
  /// How many bytes ``storage`` has room for.
  private var capacity: Int

  /// Scratch memory of 4 KiB to begin with.
  init() {
    capacity = 4_096
    storage = .allocate(capacity: capacity)
  }

  deinit { storage.deallocate() }

  /// Lets `body` write at most `bound` bytes through a ``RawWriter``, then appends what it
  /// wrote to `output`.
  @inline(__always)
  func write(atMost bound: Int, to output: inout [UInt8], _ body: (inout RawWriter) -> Void) {
    if bound > capacity {
      storage.deallocate()
      capacity = max(bound, 2 * capacity)
      storage = .allocate(capacity: capacity)
    }
    var writer = RawWriter(storage, capacity: bound)
    body(&writer)
    output.append(contentsOf: UnsafeBufferPointer(start: storage, count: writer.position - storage))
  }
}

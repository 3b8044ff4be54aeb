extension Array {
  /// `count` copies of `value`, allocated through code specialised for `Element`.
  ///
  /// The standard library's `init(repeating:count:)` allocates through a routine it does
  /// not let callers specialise, which looks up the storage class of `Element` in the
  /// runtime's table of generic types on every call (about 600 instructions, as much as
  /// the allocation); reserving the capacity and appending takes the specialised path.
  ///
  ///     let shares = [Int](filled: 0, count: 4)   // [0, 0, 0, 0]
  ///
  /// - Complexity: O(*count*).
  @inline(__always)
  init(filled value: Element, count: Int) {
    self = []
    reserveCapacity(count)
    for _ in 0..<count { append(value) }
  }
}

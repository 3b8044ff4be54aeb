import PromoLibc

/// How the C library's allocator is asked to treat large blocks (glibc only; elsewhere
/// nothing changes).
///
/// By default glibc gives each block of 128 KiB or more a mapping of its own and unmaps it
/// when it is freed; the next large block is then fresh memory, each of its pages zeroed by
/// the kernel on first touch. Pricing one order against a store of 100,000 promotions reads
/// 17 MiB of bytes, frees them, and builds its index in as much again: with the blocks in
/// the heap and the heap kept, the index reuses the pages the bytes were in (about 4,600
/// fewer page faults, a sixth of the command's time). Peak memory does not grow: the freed
/// pages are the ones reused.
enum MallocTuning {
  /// Blocks up to 32 MiB (glibc's largest threshold) come from the heap, and the heap is
  /// given back to the system only past 256 MiB free at its top.
  static func keepFreedMemory() {
    #if canImport(Glibc)
      _ = mallocOption(mmapThreshold, 32 << 20)
      _ = mallocOption(trimThreshold, 256 << 20)
    #endif
  }

  #if canImport(Glibc)
    /// `M_MMAP_THRESHOLD` and `M_TRIM_THRESHOLD` of `<malloc.h>`, which the Glibc module
    /// does not import.
    private static let mmapThreshold: Int32 = -3
    private static let trimThreshold: Int32 = -1
  #endif
}

#if canImport(Glibc)
  /// glibc's `int mallopt(int param, int value)`, declared here because the Glibc module
  /// does not import `<malloc.h>`.
  @_silgen_name("mallopt")
  private func mallocOption(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// How the C library's allocator is asked to treat large blocks: on glibc, from the heap,
/// and the heap kept; elsewhere (musl, Darwin) nothing changes. The platform is chosen here,
/// with the C library itself (``Libc.swift``), so that no other file tells platforms apart.
///
/// By default glibc gives each block of 128 KiB or more a mapping of its own and unmaps it
/// when it is freed; the next large block is then fresh memory, each of its pages zeroed by
/// the kernel when first touched. Pricing one order against a store of 100,000 promotions
/// reads 17 MiB of bytes, frees them, and builds its index in about as much again: with the
/// blocks in the heap and the heap kept, the index reuses the pages the bytes were in (page
/// faults 9,769 to about 4,600, a sixth of the command's time). The process's peak memory
/// grew by about 2 MB there (49.1 to 50.8 MB): freed pages stay resident until reused.
public enum Allocator {
  /// Blocks up to 32 MiB (glibc's largest threshold) come from the heap, and the heap is
  /// given back to the system only past 256 MiB free at its top. Called once, first thing.
  public static func keepFreedMemory() {
    #if canImport(Glibc)
      _ = mallocOption(mmapThreshold, 32 << 20)
      _ = mallocOption(trimThreshold, 256 << 20)
    #endif
  }

  /// The heap gives back what is freed at its top again, past 2 MiB free: for a stream
  /// priced on several threads, whose arenas would otherwise each keep the most they ever
  /// held (the peak of a million orders on two threads was up to 1.2 times that of 100,000).
  /// glibc's default, 128 KiB, gives back so often that the stream spends three times as
  /// long in the kernel (0.17 s against 0.05 s for a million orders), 8% of its time.
  public static func giveBackFreedMemory() {
    #if canImport(Glibc)
      _ = mallocOption(trimThreshold, 2 << 20)
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
  /// does not import `<malloc.h>`. (Two `int` arguments and an `int` result are passed the
  /// same way by Swift's convention and C's on x86-64 and arm64, the platforms `promo` is
  /// built for; a C target for one call would be a module of its own.)
  @_silgen_name("mallopt")
  private func mallocOption(_ parameter: Int32, _ value: Int32) -> Int32
#endif

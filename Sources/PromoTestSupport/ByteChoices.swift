/// A source of choices made from a fuzzer's input, so that the input's bytes drive a
/// generator the way a seed does: each draw is the next two bytes as its top 16 bits and
/// zeros below (so a bounded draw of up to 65,536 values is decided by those two bytes
/// alone, and a mutation of a byte changes one choice), and once the bytes run out the draws go on from
/// a ``SplitMix64`` seeded with a hash of all of them, so that a short input still makes
/// a whole case and every input makes exactly one.
package struct ByteChoices: RandomNumberGenerator {
  private let bytes: [UInt8]
  private var position = 0
  private var rest: SplitMix64

  /// Choices read from `bytes`, then from a generator seeded by their FNV-1a hash.
  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    rest = SplitMix64(seed: hash)
  }

  /// How many of the input's bytes the draws so far have used.
  package var consumed: Int { min(position, bytes.count) }

  /// The next 64 bits: two input bytes on top of zeros, or random bits once the input is
  /// used up.
  package mutating func next() -> UInt64 {
    guard position < bytes.count else { return rest.next() }
    let high = UInt64(bytes[position]) << 8 | UInt64(position + 1 < bytes.count ? bytes[position + 1] : 0)
    position += 2
    return high << 48
  }
}

import PromoTestSupport
import Testing

@Suite("Fuzz input bytes as the generators' choices")
struct ByteChoicesTests {
  @Test("each draw is decided by its two bytes, high byte first; an odd last byte is padded with 0")
  func bytesDecideDraws() {
    var choices = ByteChoices([0x00, 0x00, 0xFF, 0xFF, 0x80, 0x00, 0x01])
    #expect(choices.int(0...99) == 0)
    #expect(choices.int(0...99) == 99)
    #expect(choices.int(0...99) == 50)
    #expect(choices.next() == 0x0100 << 48)
    #expect(choices.consumed == 7)
  }

  @Test("once the bytes run out, the draws go on from a generator seeded by all of them")
  func afterTheBytes() {
    var first = ByteChoices([1, 2, 3])
    var same = ByteChoices([1, 2, 3])
    var other = ByteChoices([1, 2, 4])
    let a = (0..<20).map { _ in first.next() }
    #expect(a == (0..<20).map { _ in same.next() })
    let b = (0..<20).map { _ in other.next() }
    // The first draw is the bytes 1, 2 for both; the rest differ with the hash.
    #expect(a[0] == b[0])
    #expect(a[2...] != b[2...])
    var empty = ByteChoices([])
    var emptyAgain = ByteChoices([])
    #expect((0..<5).map { _ in empty.next() } == (0..<5).map { _ in emptyAgain.next() })
    #expect(empty.consumed == 0)
  }

  @Test("the bounded draws of any generator: within range, every value reached, distinct picks")
  func boundedDraws() {
    var random = SplitMix64(seed: 7)
    var seen = Set<Int>()
    for _ in 0..<2_000 {
      let value = random.int(-3...3)
      #expect((-3...3).contains(value))
      seen.insert(value)
    }
    #expect(seen == Set(-3...3))
    let picked = random.distinct(Array(0..<10), count: 10)
    #expect(Set(picked).count == 10)
    #expect(random.distinct([1, 2], count: 5).count == 2)
    #expect((0..<200).filter { _ in random.chance(0) }.isEmpty)
    #expect((0..<200).allSatisfy { _ in random.chance(100) })
  }
}
